import { ChangePasswordPage } from '../features/settings/change-password-page';
import { createFileRoute } from '@tanstack/react-router';
import { requireUser } from '../lib/guards';

/** Setting a new password from Settings, proving the current one. */
export const Route = createFileRoute('/change-password')({ beforeLoad: requireUser, component: ChangePasswordPage });
