import { createFileRoute } from '@tanstack/react-router';
import { ReservationPage } from '../../features/reservations/reservation-page';

export const Route = createFileRoute('/_auth/reservation/$id')({
  component: function Reservation() {
    return <ReservationPage id={Route.useParams().id} />;
  },
});
