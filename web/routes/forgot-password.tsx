import { ForgotPasswordPage } from '../features/sign-in/forgot-password-page';
import { createFileRoute } from '@tanstack/react-router';
import { signedOutOnly } from '../lib/guards';

/** "Forgot password?": asks for a reset link by e-mail; the answer is the same for every address (docs/account.md). */
export const Route = createFileRoute('/forgot-password')({ beforeLoad: signedOutOnly, component: ForgotPasswordPage });
