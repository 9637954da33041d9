import type { Payment } from '../db/schema';
import type { PaymentProvider } from './gateway';

/** A payment as its driver sees it (a top-up's screen, its refund's answer). */
export const paymentView = (payment: Payment, provider: PaymentProvider | null) => ({
  id: payment.id,
  status: payment.status,
  amountCents: payment.amountCents,
  currency: payment.currency,
  method: payment.method,
  provider: payment.provider,
  sandbox: payment.provider === 'sandbox' || !!provider?.sandbox,
  origin: payment.origin,
  checkoutUrl: payment.checkoutUrl,
  failureReason: payment.failureReason,
  createdAt: payment.createdAt,
  completedAt: payment.completedAt,
});
