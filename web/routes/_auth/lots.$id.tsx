import { createFileRoute } from '@tanstack/react-router';
import { LotPage } from '../../features/lot/lot-page';

export const Route = createFileRoute('/_auth/lots/$id')({
  component: function Lot() {
    const { id } = Route.useParams();
    // Keyed: another lot is a fresh page (its own arrival and duration, no figures carried over).
    return <LotPage key={id} id={id} />;
  },
});
