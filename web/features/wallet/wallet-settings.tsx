import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CreditCard, Download, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { formatPeso } from '../../../core/money';
import { formatDateTime, formatMonth, manilaMonthOf } from '../../../core/time';
import { TOPUP_METHOD_LABELS, TOPUP_METHODS } from '../../../core/wallet';
import { autoTopupFormSchema, type AutoTopupRule } from '../../../core/wallet-request';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { showIssuesOnFields, toastFirstProblem, useSchemaForm } from '../../lib/form';
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

/** The rule that tops the wallet up after a payment leaves it low; where the provider keeps no saved methods, why there is none. */
function AutoTopupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { data } = useQuery(autoTopupQuery);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Auto Top-up">
      {data && !data.supported ? (
        <p className="text-muted-foreground">
          The configured payment provider does not keep saved payment methods, so auto top-up is not available.
        </p>
      ) : (
        // The saved rule, once read, starts the form again.
        <AutoTopupForm key={data ? 'saved' : 'default'} rule={data?.rule} onSaved={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

function AutoTopupForm({ rule, onSaved }: { rule?: AutoTopupRule | null; onSaved: () => void }) {
  const save = useSaveAutoTopup();
  const form = useSchemaForm(autoTopupFormSchema, {
    enabled: rule?.enabled ?? true,
    threshold: String((rule?.thresholdCents ?? 20_000) / 100),
    amount: String((rule?.amountCents ?? 50_000) / 100),
    method: rule?.method ?? 'gcash',
  });
  const { register, formState } = form;
  const submit = (saved: AutoTopupRule) =>
    save.mutate(saved, {
      onSuccess: () => {
        toast({
          title: 'Auto Top-up Saved',
          description: saved.enabled ? 'We will top up when your balance runs low.' : 'Auto top-up is off.',
        });
        onSaved();
      },
      onError: (error) => {
        showIssuesOnFields(error, form, (path) => ({ thresholdCents: 'threshold', amountCents: 'amount' })[path] ?? path);
        toast({ title: 'Update Failed', description: error.message, variant: 'destructive' });
      },
    });

  return (
    <form onSubmit={form.handleSubmit(submit, toastFirstProblem('Update Failed'))} noValidate className="space-y-4">
      <p className="text-sm text-muted-foreground">
        After a parking payment leaves your balance under the threshold, we charge the amount to a method you have already topped up with.
        One auto top-up at a time.
      </p>
      <label className="flex items-center gap-3">
        <input type="checkbox" {...register('enabled')} />
        Enable auto top-up
      </label>
      <FormField label="When my balance falls below (₱)" htmlFor="auto-threshold" error={formState.errors.threshold}>
        <Input id="auto-threshold" inputMode="decimal" {...register('threshold')} />
      </FormField>
      <FormField label="Top up this amount (₱)" htmlFor="auto-amount" error={formState.errors.amount}>
        <Input id="auto-amount" inputMode="decimal" {...register('amount')} />
      </FormField>
      <Field label="Charge" htmlFor="auto-method">
        <Select id="auto-method" {...register('method')}>
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
