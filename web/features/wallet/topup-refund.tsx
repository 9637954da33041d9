import { useState } from 'react';
import { formatPeso } from '../../../core/money';
import { formatDateTime } from '../../../core/time';
import { REFUND_BEING_CONFIRMED, REFUND_DESTINATION, type TopupRefundStatus } from '../../../core/wallet';
import { shortIdOf } from '../../../core/ids';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { useRefundTopup, type Payment } from '../../lib/wallet';

type Refund = NonNullable<Payment['refund']>;

/** A refund's state in the driver's words; `requested` is one whose answer from PayMongo was lost. */
const REFUND_STATES: Record<TopupRefundStatus, string> = {
  requested: 'Being confirmed with PayMongo',
  pending: 'On its way (the provider is processing it)',
  succeeded: 'Refunded',
  refused: 'Not made: the money is back in your wallet',
};

/** The refund as a small printable confirmation: how much, where to, its references and state. */
function RefundConfirmation({ refund }: { refund: Refund }) {
  return (
    <section aria-labelledby="refund-title" data-testid="topup-refund" className="mt-6 rounded-lg border border-border p-4">
      <h2 id="refund-title" className="font-semibold">
        Refund to {refund.to}
      </h2>
      <dl className="mt-2 space-y-1 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Amount</dt>
          <dd className="font-semibold">{formatPeso(refund.amountCents)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Status</dt>
          <dd>{REFUND_STATES[refund.status]}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Requested</dt>
          <dd>{formatDateTime(refund.createdAt)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Reference</dt>
          <dd className="break-all text-right font-mono">
            {shortIdOf(refund.id)}
            {refund.providerRefundId && ` · ${refund.providerRefundId}`}
          </dd>
        </div>
      </dl>
      {refund.status === 'requested' && (
        <p role="status" className="mt-3 text-sm text-muted-foreground">
          {REFUND_BEING_CONFIRMED}
        </p>
      )}
      <Button size="sm" variant="outline" className="mt-4 print:hidden" onClick={() => window.print()}>
        Print or save as PDF
      </Button>
    </section>
  );
}

/**
 * A paid top-up's way back to its GCash, Maya or card: the action with the driver's consent when
 * the top-up is eligible, why not when it is not, and the refund once made (docs/wallet.md).
 */
export function TopupRefund({ payment }: { payment: Payment }) {
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState('');
  const refund = useRefundTopup();
  if (payment.refund) return <RefundConfirmation refund={payment.refund} />;
  const to = REFUND_DESTINATION[payment.method];
  if (!payment.refundable.eligible)
    return (
      <p data-testid="refund-unavailable" className="mt-6 text-sm text-muted-foreground">
        Refund to {to} not available: {payment.refundable.message}
      </p>
    );
  const { deadline } = payment.refundable;
  const confirm = () =>
    refund.mutate(
      { paymentId: payment.id, key },
      {
        onSuccess: (made) =>
          made.status === 'requested'
            ? toast({ title: 'Refund Being Confirmed', description: REFUND_BEING_CONFIRMED })
            : toast({ title: 'Refund Requested', description: `${formatPeso(made.amountCents)} is going back to your ${made.to}.` }),
        onError: (error) => toast({ title: 'Refund Not Made', description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <div className="mt-6 border-t border-border pt-4">
      <p className="text-sm text-muted-foreground">
        Not spent yet? You can send this top-up back to the {to} that paid it until {formatDateTime(deadline)}.
      </p>
      {refund.isError && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {refund.error.message}
        </p>
      )}
      <Button
        className="mt-3 w-full"
        variant="outline"
        disabled={refund.isPending}
        onClick={() => {
          // A new attempt, a new key: a repeated send of this one refunds once.
          setKey(crypto.randomUUID());
          setConfirming(true);
        }}
      >
        {refund.isPending ? 'Refunding…' : `Refund to ${to}`}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Refund ${formatPeso(payment.amountCents)} to your ${to}?`}
        description={`${formatPeso(payment.amountCents)} leaves your Parkada wallet now and goes back to the ${to} that paid this top-up. It cannot be undone.`}
        confirmLabel="Refund"
        onConfirm={confirm}
      />
    </div>
  );
}
