import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatPeso } from '../../../core/money';
import { PASS_STATE_LABELS } from '../../../core/monthly-passes';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Directions } from '../../components/directions';
import { toast } from '../../components/ui/toast-store';
import { myPassesQuery, useSetAutoRenew, type MonthlyPass } from '../../lib/monthly-passes';
import { QrCode } from '../reservations/qr-pass';
import { RateStayButton } from '../reviews/rate-stay';

function PassCard({ pass }: { pass: MonthlyPass }) {
  const renew = useSetAutoRenew();
  const toggle = () =>
    renew.mutate(
      { id: pass.id, autoRenew: !pass.autoRenew },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.autoRenew ? 'Auto-renew on' : 'Auto-renew off',
            description: saved.autoRenew
              ? 'The next period is paid from your wallet 3 days before the end.'
              : 'The pass ends at its period’s end.',
          }),
        onError: (error) => toast({ title: 'Update Failed', description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <Card className="space-y-3" data-testid="monthly-pass">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold">{pass.lotName}</h2>
          <p className="text-sm text-muted-foreground">
            {pass.productName} · {pass.hours}
          </p>
        </div>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium">{PASS_STATE_LABELS[pass.state]}</span>
      </div>
      {pass.token && <QrCode token={pass.token} label={`Monthly pass for ${pass.plate}`} testId="monthly-pass-qr" />}
      <dl className="grid grid-cols-2 gap-1 text-sm">
        <dt className="text-muted-foreground">Plate</dt>
        <dd className="font-medium">{pass.plate}</dd>
        <dt className="text-muted-foreground">Valid</dt>
        <dd>
          {formatDateTime(pass.validFrom)} – {formatDateTime(pass.validUntil)}
        </dd>
        <dt className="text-muted-foreground">Paid</dt>
        <dd>
          {formatPeso(pass.amountCents)}
          {/* The sale's official receipt (docs/booking.md, Receipts): print or save it as PDF from its page. */}
          {pass.receipt && (
            <Link
              to="/receipt/$id"
              params={{ id: pass.receipt.id }}
              data-testid="monthly-pass-receipt"
              className="ml-2 font-mono text-brand underline-offset-2 hover:underline"
            >
              Receipt {pass.receipt.number}
            </Link>
          )}
        </dd>
        <dt className="text-muted-foreground">Renewal</dt>
        <dd>
          {pass.renewal === 'renewed'
            ? 'Renewed'
            : pass.renewal === 'lapsed'
              ? 'Lapsed'
              : pass.autoRenew
                ? 'Automatic'
                : 'Ends at period end'}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Directions lot={pass} lotName={pass.lotName} />
        {pass.state !== 'ended' && !pass.renewal && (
          <Button variant="outline" onClick={toggle} disabled={renew.isPending}>
            {pass.autoRenew ? 'Cancel at period end' : 'Turn on auto-renew'}
          </Button>
        )}
        {/* A period that ended can be reviewed, when it held a stay (docs/reviews.md). */}
        {pass.state === 'ended' && <RateStayButton kind="pass" id={pass.id} />}
      </div>
    </Card>
  );
}

/** The driver's monthly passes, each still valid with its QR for the gate. */
export function PassesPage() {
  const { passes } = useSuspenseQuery(myPassesQuery).data;
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="mb-4 text-3xl font-bold">Passes</h1>
      {passes.length === 0 ? (
        <Card>
          <p className="text-muted-foreground">No monthly passes yet.</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Lots that sell them show them on their page.{' '}
            <Link to="/" className="underline">
              Find parking
            </Link>
          </p>
        </Card>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {passes.map((pass) => (
            <PassCard key={pass.id} pass={pass} />
          ))}
        </div>
      )}
    </main>
  );
}
