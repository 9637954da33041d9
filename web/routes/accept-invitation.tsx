import { AcceptInvitationPage } from '../features/invitations/accept-invitation-page';
import { createFileRoute } from '@tanstack/react-router';
import { textParam } from '../lib/search-params';

/** The page an owner's invitation link opens: the attendant's own password and the Terms, then they are signed in. */
export const Route = createFileRoute('/accept-invitation')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: textParam(search.token, 200) }),
  component: AcceptInvitationPage,
});
