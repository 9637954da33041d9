import { createFileRoute } from '@tanstack/react-router';
import { MissingScreen } from '../../components/not-found';
import { Spinner } from '../../components/ui/spinner';
import { ReceiptPage } from '../../features/receipts/receipt-page';
import { receiptQuery } from '../../lib/receipts';

export const Route = createFileRoute('/_auth/receipt/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(receiptQuery(params.id)),
  pendingComponent: () => <Spinner label="Loading receipt" />,
  errorComponent: () => <MissingScreen title="Receipt Not Found" backTo="/history" backLabel="Back to History" />,
  component: function Receipt() {
    return <ReceiptPage id={Route.useParams().id} />;
  },
});
