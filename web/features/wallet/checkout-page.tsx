import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleAlert } from 'lucide-react';
import { formatPeso } from '../../../core/money';
import { TOPUP_METHOD_LABELS } from '../../../core/wallet';
import { Button } from '../../components/ui/button';
import { MissingScreen } from '../../components/not-found';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { paymentConfigQuery, paymentQuery, useRefreshWallet, useSandboxDecision, type Payment } from '../../lib/wallet';
import { SandboxBadge } from './sandbox-badge';
import { TopupRefund } from './topup-refund';
import { shortIdOf } from '../../../core/ids';

/** No provider configured: say so rather than start a payment that cannot finish. */
function PaymentUnavailable() {
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <CircleAlert className="mx-auto mb-4 h-12 w-12 text-destructive" aria-hidden />
      <h1 className="text-2xl font-bold">Payment System Unavailable</h1>
      <p className="mt-2 text-muted-foreground">Payment processing is currently not configured. Please contact the administrator.</p>
      <div className="mt-6 flex justify-center gap-3">
        <Button variant="outline" asChild>
          <Link to="/">Back to Search</Link>
        </Button>
        <Button asChild>
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    </main>
  );
}

const announce = (payment: Payment) =>
  payment.status === 'succeeded'
    ? toast({ title: 'Top-up Successful', description: 'Your wallet has been credited successfully.' })
    : toast({ title: 'Top-up Failed', description: payment.failureReason ?? 'The payment did not go through.', variant: 'destructive' });

/**
 * /checkout?payment=…: the sandbox gateway's checkout (approve or decline), or the return page of a
 * real gateway, which waits for the webhook to settle the payment; afterwards, the top-up's page,
 * where an unspent one can be refunded to its source.
 */
export function CheckoutPage({ paymentId }: { paymentId?: string }) {
  const navigate = useNavigate();
  const refresh = useRefreshWallet();
  const config = useSuspenseQuery(paymentConfigQuery);
  // The payment is read here, not by the loader: one that is not found is this screen's, not an error.
  const payment = useQuery({
    ...paymentQuery(paymentId ?? ''),
    enabled: !!paymentId && config.data.available,
    // A real gateway's webhook arrives on its own time: poll until the payment is settled, and, more
    // slowly, while a refund is being confirmed (each read asks PayMongo how it stands).
    refetchInterval: ({ state: { data } }) =>
      data?.status === 'pending' && !data.sandbox ? 2000 : data?.refund?.status === 'requested' ? 15_000 : false,
  });
  const decide = useSandboxDecision();

  if (payment.isLoading) return <Spinner label="Loading payment" />;
  if (!config.data.available) return <PaymentUnavailable />;
  if (!paymentId || payment.isError || !payment.data) {
    return (
      <MissingScreen
        title="Payment Not Found"
        detail={payment.error?.message ?? 'No payment was named.'}
        backTo="/wallet"
        backLabel="Back to Wallet"
      />
    );
  }
  const current = payment.data;
  const finish = (decision: 'approve' | 'decline') =>
    decide.mutate(
      { id: current.id, decision },
      {
        onSuccess: (settled) => {
          announce(settled);
          navigate({ to: '/wallet' });
        },
        onError: (error) => toast({ title: 'Top-up Failed', description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <Card>
        <div className="mb-4 flex items-center justify-between">
          <h1 className="text-xl font-bold">{current.sandbox ? 'Parkada Sandbox Pay' : 'Payment'}</h1>
          {current.sandbox && <SandboxBadge />}
        </div>
        <PaymentSummary payment={current} />
        {current.status === 'pending' && current.sandbox ? (
          <>
            <p className="mt-4 text-sm text-muted-foreground">
              This is a test checkout: approving credits test money to your wallet; no real account is charged.
            </p>
            <div className="mt-6 grid grid-cols-2 gap-3">
              <Button variant="outline" disabled={decide.isPending} onClick={() => finish('decline')}>
                Decline
              </Button>
              <Button disabled={decide.isPending} onClick={() => finish('approve')}>
                {decide.isPending ? 'Processing...' : 'Approve payment'}
              </Button>
            </div>
          </>
        ) : current.status === 'pending' ? (
          <p className="mt-6 text-center text-muted-foreground">Waiting for the payment provider to confirm…</p>
        ) : (
          <div className="mt-6 text-center">
            <p className="font-semibold">
              {current.status === 'succeeded' ? 'Paid: your wallet was credited.' : `Not paid: ${current.failureReason ?? 'declined'}.`}
            </p>
            <Button className="mt-4 print:hidden" onClick={() => refresh().then(() => navigate({ to: '/wallet' }))}>
              Back to Wallet
            </Button>
          </div>
        )}
        {current.status === 'succeeded' && <TopupRefund payment={current} />}
      </Card>
    </main>
  );
}

/** What is being paid: the amount, how, and the reference the gateway and support quote. */
function PaymentSummary({ payment }: { payment: Payment }) {
  return (
    <dl className="space-y-2">
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Wallet top-up</dt>
        <dd data-testid="checkout-amount" className="font-semibold">
          {formatPeso(payment.amountCents)}
        </dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Method</dt>
        <dd>{TOPUP_METHOD_LABELS[payment.method]}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Reference</dt>
        <dd className="font-mono text-sm">{shortIdOf(payment.id)}</dd>
      </div>
    </dl>
  );
}
