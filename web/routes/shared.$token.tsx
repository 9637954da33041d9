import { createFileRoute } from '@tanstack/react-router';
import { linkNotWorking } from '../components/link-not-working';
import { Spinner } from '../components/ui/spinner';
import { SharedPassPage } from '../features/reservations/shared-pass-page';
import { sharedPassQuery } from '../lib/booking';

/** A companion opens a shared pass here, without an account: the signed link is the authority, until the booker stops sharing or the booking ends (docs/passes.md). */
export const Route = createFileRoute('/shared/$token')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(sharedPassQuery(params.token)),
  pendingComponent: () => <Spinner label="Opening the shared pass" />,
  errorComponent: linkNotWorking('Shared parking pass'),
  component: SharedPassPage,
});
