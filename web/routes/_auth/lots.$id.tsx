import { createFileRoute } from '@tanstack/react-router';
import { LotPage } from '../../features/lot/lot-page';

export const Route = createFileRoute('/_auth/lots/$id')({
  component: function Lot() {
    return <LotPage id={Route.useParams().id} />;
  },
});
