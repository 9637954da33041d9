import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { Spinner } from '../../components/ui/spinner';
import { CheckoutPage } from '../../features/wallet/checkout-page';
import { paymentConfigQuery } from '../../lib/wallet';

export const Route = createFileRoute('/_auth/checkout')({
  validateSearch: z.object({ payment: z.string().optional() }),
  loader: ({ context }) => context.queryClient.ensureQueryData(paymentConfigQuery),
  pendingComponent: () => <Spinner label="Loading payment" />,
  component: function Checkout() {
    return <CheckoutPage paymentId={Route.useSearch().payment} />;
  },
});
