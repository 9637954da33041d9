import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { MissingScreen } from '../../components/not-found';
import { Spinner } from '../../components/ui/spinner';
import { ReservationPage } from '../../features/reservations/reservation-page';
import { reservationQuery } from '../../lib/booking';

export const Route = createFileRoute('/_auth/reservation/$id')({
  // `?action=extend`: the Extend dialog open, as a phone notification's "Extend 1 hour" asks; `review`: Rate your stay, as the check-out notice asks.
  validateSearch: (search: { action?: unknown } & SearchSchemaInput): { action?: 'extend' | 'review' } =>
    search.action === 'extend' || search.action === 'review' ? { action: search.action } : {},
  loader: ({ context, params }) => context.queryClient.ensureQueryData(reservationQuery(params.id)),
  pendingComponent: () => <Spinner label="Loading reservation" />,
  errorComponent: () => <MissingScreen title="Reservation Not Found" backTo="/reservations" backLabel="Back to Reservations" />,
  component: function Reservation() {
    const { action } = Route.useSearch();
    return <ReservationPage id={Route.useParams().id} extendOpen={action === 'extend'} reviewOpen={action === 'review'} />;
  },
});
