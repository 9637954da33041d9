import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { RESERVATION_TABS, type ReservationTab } from '../../../core/booking';
import { Spinner } from '../../components/ui/spinner';
import { ReservationsPage } from '../../features/reservations/reservations-page';
import { reservationCountsQuery, reservationsQuery } from '../../lib/booking';

export const Route = createFileRoute('/_auth/reservations')({
  // The tab lives in the URL: a reload or Back keeps it.
  validateSearch: (search: { tab?: unknown } & SearchSchemaInput): { tab: ReservationTab } => ({
    tab: RESERVATION_TABS.find((tab) => tab === search.tab) ?? 'upcoming',
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(reservationCountsQuery()),
      queryClient.ensureInfiniteQueryData(reservationsQuery({ tab: deps.tab })),
    ]),
  pendingComponent: () => <Spinner label="Loading reservations" />,
  component: function Reservations() {
    const { tab } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <ReservationsPage tab={tab} onTabChange={(value) => navigate({ search: { tab: value }, replace: true })} />;
  },
});
