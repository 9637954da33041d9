import { ResetPasswordPage } from '../features/sign-in/reset-password-page';
import { createFileRoute } from '@tanstack/react-router';
import { textParam } from '../lib/search-params';

/** The page a reset link opens: a new password, then every device (this one too) signs in again with it. */
export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: textParam(search.token, 200) }),
  component: ResetPasswordPage,
});
