import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { MissingScreen } from '../../components/not-found';
import { Spinner } from '../../components/ui/spinner';
import { ReservationPage } from '../../features/reservations/reservation-page';
import { reservationQuery } from '../../lib/booking';

export const Route = createFileRoute('/_auth/reservation/$id')({
  // `?action=extend`: the Extend dialog open, as a phone notification's "Extend 1 hour" asks.
  validateSearch: (search: { action?: unknown } & SearchSchemaInput): { action?: 'extend' } =>
    search.action === 'extend' ? { action: 'extend' } : {},
  loader: ({ context, params }) => context.queryClient.ensureQueryData(reservationQuery(params.id)),
  pendingComponent: () => <Spinner label="Loading reservation" />,
  errorComponent: () => <MissingScreen title="Reservation Not Found" backTo="/reservations" backLabel="Back to Reservations" />,
  component: function Reservation() {
    return <ReservationPage id={Route.useParams().id} extendOpen={Route.useSearch().action === 'extend'} />;
  },
});
