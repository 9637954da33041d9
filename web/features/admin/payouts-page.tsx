import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { formatPeso } from '../../../core/money';
import { payoutFormSchema } from '../../../core/statement-request';
import { manilaDate } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { Input, MonthField } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { Stale } from '../../components/ui/stale';
import { toast } from '../../components/ui/toast-store';
import { showIssuesOnFields, toastFirstProblem, useSchemaForm } from '../../lib/form';
import { payoutMonthOf, payoutsQuery, useRecordPayout, type PayoutsOverview } from '../../lib/statements';
import { STATUS_LABELS } from '../owner/statement-status';

type Owner = PayoutsOverview['owners'][number];

/** The super admin's payouts: what each owner is owed for a month, what was sent, and recording a transfer (audited). */
export function AdminPayoutsPage() {
  const search = useSearch({ from: '/_auth/admin/payouts' });
  const navigate = useNavigate({ from: '/admin/payouts' });
  const today = manilaDate(Date.now());
  const month = payoutMonthOf(search.month);
  // Another month keeps this one on screen, faded, until it has loaded (the loader loaded the first).
  const shownMonth = useDeferredValue(month);
  const { data } = useSuspenseQuery(payoutsQuery(shownMonth));
  const [paying, setPaying] = useState<Owner | null>(null);
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <Link to="/admin" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="h-4 w-4" /> Back to Dashboard
      </Link>
      <h1 className="text-3xl font-bold">Owner Payouts</h1>
      <Card className="flex flex-wrap items-end gap-4 p-4 sm:p-6">
        <MonthField id="payout-month" value={month} onPick={(picked) => navigate({ search: { month: picked }, replace: true })} />
        {!data.closed && <p className="text-sm text-muted-foreground">This month is still open: owners are paid once it closes.</p>}
      </Card>
      <Stale stale={shownMonth !== month}>
        <Card className="p-4 sm:p-6">
          {data.owners.length === 0 ? (
            <p className="text-muted-foreground">No owner has a lot yet.</p>
          ) : (
            <ul className="divide-y divide-border">
              {data.owners.map((owner) => (
                <li key={owner.ownerId} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="payout-owner">
                  <div className="min-w-0">
                    <p className="font-semibold">{owner.name}</p>
                    <p className="truncate text-sm text-muted-foreground">
                      {owner.email} · {owner.lots} lot{owner.lots === 1 ? '' : 's'}
                    </p>
                    <p className="text-sm">
                      Owed {formatPeso(owner.owedCents)} · paid {formatPeso(owner.paidCents)} ·{' '}
                      <span className="font-medium">due {formatPeso(owner.dueCents)}</span>
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <span className={cn('rounded-full px-3 py-1 text-xs font-medium', STATUS_LABELS[owner.status].tone)}>
                      {STATUS_LABELS[owner.status].label}
                    </span>
                    <Button size="sm" disabled={!data.closed || owner.dueCents <= 0} onClick={() => setPaying(owner)}>
                      Record payout
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </Stale>
      {paying && <PayoutDialog owner={paying} month={shownMonth} today={today} onDone={() => setPaying(null)} />}
    </main>
  );
}

function PayoutDialog({ owner, month, today, onDone }: { owner: Owner; month: string; today: string; onDone: () => void }) {
  const record = useRecordPayout();
  const form = useSchemaForm(payoutFormSchema, {
    ownerId: owner.ownerId,
    month,
    amount: (owner.dueCents / 100).toFixed(2),
    paidOn: today,
    reference: '',
  });
  const { register, formState } = form;
  const submit = form.handleSubmit(
    (payout) =>
      record.mutate(payout, {
        onSuccess: () => {
          toast({ title: 'Payout Recorded', description: `${formatPeso(payout.amountCents)} to ${owner.name} for ${month}.` });
          onDone();
        },
        onError: (error) => showIssuesOnFields(error, form, (path) => (path === 'amountCents' ? 'amount' : path)),
      }),
    toastFirstProblem('Check the payout'),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onDone()} title={`Pay ${owner.name} for ${month}`}>
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm text-muted-foreground">
          Record the transfer you made. {formatPeso(owner.dueCents)} is due; the payout is audited and shown to the owner.
        </p>
        <FormField label="Amount (pesos)" htmlFor="payout-amount" error={formState.errors.amount}>
          <Input id="payout-amount" inputMode="decimal" required {...register('amount')} />
        </FormField>
        <FormField label="Paid on" htmlFor="payout-date" error={formState.errors.paidOn}>
          <Input id="payout-date" type="date" max={today} required {...register('paidOn')} />
        </FormField>
        <FormField label="Bank or e-wallet reference" htmlFor="payout-reference" error={formState.errors.reference}>
          <Input id="payout-reference" required {...register('reference')} />
        </FormField>
        {record.isError && (
          <p role="alert" className="text-sm text-destructive">
            {record.error.message}
          </p>
        )}
        <DialogButtons onCancel={onDone} submitLabel="Record payout" pending={record.isPending} />
      </form>
    </Dialog>
  );
}
