import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../components/ui/spinner';
import { CheckoutPage } from '../../features/wallet/checkout-page';
import { textParam } from '../../lib/search-params';
import { paymentConfigQuery } from '../../lib/wallet';

export const Route = createFileRoute('/_auth/checkout')({
  validateSearch: (search: Record<string, unknown>): { payment?: string } => ({ payment: textParam(search.payment) }),
  loader: ({ context }) => context.queryClient.ensureQueryData(paymentConfigQuery),
  pendingComponent: () => <Spinner label="Loading payment" />,
  component: function Checkout() {
    return <CheckoutPage paymentId={Route.useSearch().payment} />;
  },
});
