import { createFileRoute } from '@tanstack/react-router';
import { LinkLanding } from '../components/link-landing';
import { api, unwrap } from '../lib/api';
import { textParam } from '../lib/search-params';

/** The page the verification link opens: it posts the token once and says whether the address is now confirmed. */
export const Route = createFileRoute('/verify-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: textParam(search.token, 200) }),
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { token = '' } = Route.useSearch();
  return (
    <LinkLanding
      title="Confirm your e-mail"
      subtitle="Parkada sends receipts and reminders only to a confirmed address."
      post={() => unwrap(api.auth['verify-email'].$post({ json: { token } }))}
      done="Your e-mail address is confirmed."
    />
  );
}
