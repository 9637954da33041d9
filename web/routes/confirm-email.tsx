import { createFileRoute } from '@tanstack/react-router';
import { LinkLanding } from '../components/link-landing';
import { api, unwrap } from '../lib/api';
import { textParam } from '../lib/search-params';

/** The page the link sent to a new address opens (Settings → Profile → Change e-mail): the change takes effect here. */
export const Route = createFileRoute('/confirm-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: textParam(search.token, 200) }),
  component: ConfirmEmailPage,
});

function ConfirmEmailPage() {
  const { token = '' } = Route.useSearch();
  return (
    <LinkLanding
      title="Confirm your new e-mail"
      subtitle="Your account's e-mail changes once you open this link."
      post={() => unwrap(api.account.email.confirm.$post({ json: { token } }))}
      done="Your e-mail is changed. Sign in with the new address from now on."
    />
  );
}
