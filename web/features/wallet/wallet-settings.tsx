import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CreditCard, Download, RefreshCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatPeso, pesosToCents } from '../../../core/money';
import { formatDateTime, formatMonth, manilaMonthOf } from '../../../core/time';
import { TOPUP_METHOD_LABELS, TOPUP_METHODS, type TopupMethod } from '../../../core/wallet';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { autoTopupQuery, paymentMethodsQuery, statementCsvUrl, useSaveAutoTopup } from '../../lib/wallet';

/** The last twelve Manila months, newest first. */
function recentMonths(now = new Date()): string[] {
  const [year, month] = manilaMonthOf(now).split('-').map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const date = new Date(Date.UTC(year, month - 1 - i, 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

function AutoTopupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { data } = useQuery(autoTopupQuery);
  const save = useSaveAutoTopup();
  const rule = data?.rule;
  const [form, setForm] = useState<{ enabled: boolean; threshold: string; amount: string; method: TopupMethod } | null>(null);
  const current = form ?? {
    enabled: rule?.enabled ?? true,
    threshold: String((rule?.thresholdCents ?? 20_000) / 100),
    amount: String((rule?.amountCents ?? 50_000) / 100),
    method: rule?.method ?? 'gcash',
  };
  const set = (patch: Partial<typeof current>) => setForm({ ...current, ...patch });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        enabled: current.enabled,
        thresholdCents: pesosToCents(current.threshold),
        amountCents: pesosToCents(current.amount),
        method: current.method,
      },
      {
        onSuccess: () => {
          toast({
            title: 'Auto Top-up Saved',
            description: current.enabled ? 'We will top up when your balance runs low.' : 'Auto top-up is off.',
          });
          setForm(null);
          onOpenChange(false);
        },
        onError: (error) => toast({ title: 'Update Failed', description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Auto Top-up">
      {data && !data.supported ? (
        <p className="text-muted-foreground">
          The configured payment provider does not keep saved payment methods, so auto top-up is not available.
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <p className="text-sm text-muted-foreground">
            After a parking payment leaves your balance under the threshold, we charge the amount to a method you have already topped up
            with. One auto top-up at a time.
          </p>
          <label className="flex items-center gap-3">
            <input type="checkbox" checked={current.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
            Enable auto top-up
          </label>
          <Field label="When my balance falls below (₱)" htmlFor="auto-threshold">
            <Input id="auto-threshold" inputMode="decimal" value={current.threshold} onChange={(e) => set({ threshold: e.target.value })} />
          </Field>
          <Field label="Top up this amount (₱)" htmlFor="auto-amount">
            <Input id="auto-amount" inputMode="decimal" value={current.amount} onChange={(e) => set({ amount: e.target.value })} />
          </Field>
          <Field label="Charge" htmlFor="auto-method">
            <Select id="auto-method" value={current.method} onChange={(e) => set({ method: e.target.value as TopupMethod })}>
              {TOPUP_METHODS.map((value) => (
                <option key={value} value={value}>
                  {TOPUP_METHOD_LABELS[value]}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" className="w-full" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </form>
      )}
    </Dialog>
  );
}

function PaymentMethodsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { data = [], isLoading } = useQuery({ ...paymentMethodsQuery, enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Payment Methods">
      {isLoading ? null : data.length === 0 ? (
        <p className="text-muted-foreground">You have not topped up yet. Methods you pay with appear here.</p>
      ) : (
        <ul className="divide-y divide-border">
          {data.map((used) => (
            <li key={`${used.provider}-${used.method}`} data-testid="payment-method" className="py-3">
              <p className="font-medium">{TOPUP_METHOD_LABELS[used.method]}</p>
              <p className="text-sm text-muted-foreground">
                {used.count} top-up{used.count === 1 ? '' : 's'} · {formatPeso(used.totalCents)} · last used{' '}
                {formatDateTime(used.lastUsedAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/** Wallet Settings: auto top-up (so a payment never fails for want of funds), methods used, monthly statement. */
export function WalletSettings() {
  const [dialog, setDialog] = useState<'auto' | 'methods' | null>(null);
  const months = recentMonths();
  const [month, setMonth] = useState(months[0]);
  const { data: auto } = useQuery(autoTopupQuery);
  const autoOn = auto?.rule?.enabled;

  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Wallet Settings</h2>
      <div className="space-y-4">
        <div className="flex items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <RefreshCw className="h-5 w-5 text-muted-foreground" aria-hidden />
            <div>
              <p className="font-medium">Auto Top-up</p>
              <p className="text-sm text-muted-foreground">
                {autoOn && auto.rule ? `${formatPeso(auto.rule.amountCents)} when under ${formatPeso(auto.rule.thresholdCents)}` : 'Off'}
              </p>
            </div>
          </div>
          <Button variant="outline" size="sm" onClick={() => setDialog('auto')}>
            {autoOn ? 'Edit' : 'Enable'}
          </Button>
        </div>
        <div className="flex items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <CreditCard className="h-5 w-5 text-muted-foreground" aria-hidden />
            <p className="font-medium">Payment Methods</p>
          </div>
          <Button variant="outline" size="sm" onClick={() => setDialog('methods')}>
            Manage
          </Button>
        </div>
        <div className="space-y-2">
          <div className="flex items-center gap-3">
            <Download className="h-5 w-5 text-muted-foreground" aria-hidden />
            <label htmlFor="statement-month" className="font-medium">
              Download statement
            </label>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Select id="statement-month" className="w-44" value={month} onChange={(e) => setMonth(e.target.value)}>
              {months.map((value) => (
                <option key={value} value={value}>
                  {formatMonth(value)}
                </option>
              ))}
            </Select>
            <Button variant="outline" size="sm" asChild>
              <a href={statementCsvUrl(month)} download>
                CSV
              </a>
            </Button>
            <Button variant="outline" size="sm" asChild>
              <Link to="/wallet/statement" search={{ month }}>
                Printable view
              </Link>
            </Button>
          </div>
        </div>
      </div>
      <AutoTopupDialog open={dialog === 'auto'} onOpenChange={(open) => setDialog(open ? 'auto' : null)} />
      <PaymentMethodsDialog open={dialog === 'methods'} onOpenChange={(open) => setDialog(open ? 'methods' : null)} />
    </Card>
  );
}
