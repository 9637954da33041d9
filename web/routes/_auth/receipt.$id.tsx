import { createFileRoute } from '@tanstack/react-router';
import { ReceiptPage } from '../../features/receipts/receipt-page';

export const Route = createFileRoute('/_auth/receipt/$id')({
  component: function Receipt() {
    return <ReceiptPage id={Route.useParams().id} />;
  },
});
