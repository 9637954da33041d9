import { LoginPage } from '../features/sign-in/login-page';
import { createFileRoute } from '@tanstack/react-router';
import { signedOutOnly } from '../lib/guards';
import { textParam } from '../lib/search-params';

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({ redirect: textParam(search.redirect, 2000) }),
  beforeLoad: signedOutOnly,
  component: LoginPage,
});
