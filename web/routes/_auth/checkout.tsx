import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CheckoutPage } from '../../features/wallet/checkout-page';

export const Route = createFileRoute('/_auth/checkout')({
  validateSearch: z.object({ payment: z.string().optional() }),
  component: function Checkout() {
    return <CheckoutPage paymentId={Route.useSearch().payment} />;
  },
});
