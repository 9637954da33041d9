import { createFileRoute } from '@tanstack/react-router';
import { MissingScreen } from '../../components/not-found';
import { Spinner } from '../../components/ui/spinner';
import { LotPage } from '../../features/lot/lot-page';
import { vehicleParam, type SearchedVehicle } from '../../features/find-parking/find-parking-search';
import { lotQuery } from '../../lib/booking';

export const Route = createFileRoute('/_auth/lots/$id')({
  // The vehicle searched for in Find Parking (`?vehicle=motorcycle`): the booking dialog quotes for it.
  validateSearch: (raw: Record<string, unknown>): { vehicle?: SearchedVehicle } => ({ vehicle: vehicleParam(raw.vehicle) }),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(lotQuery(params.id)),
  pendingComponent: () => <Spinner label="Loading lot" />,
  errorComponent: () => <MissingScreen title="Parking Lot Not Found" backTo="/" backLabel="Back to Search" />,
  component: function Lot() {
    const { id } = Route.useParams();
    const { vehicle } = Route.useSearch();
    // Keyed: another lot is a fresh page (its own arrival and duration, no figures carried over).
    return <LotPage key={id} id={id} vehicle={vehicle} />;
  },
});
