import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { formatPeso } from '../../../core/money';
import { QUICK_TOPUP_PESOS, TOPUP_METHOD_LABELS, TOPUP_METHODS } from '../../../core/wallet';
import { topupFormSchema, type TopupInput } from '../../../core/wallet-request';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { showIssuesOnFields, toastFirstProblem, useSchemaForm } from '../../lib/form';
import { paymentConfigQuery, useStartTopup } from '../../lib/wallet';
import { SandboxBadge } from './sandbox-badge';

/** The amount in pesos, quick amounts and a method; sent, the provider's checkout opens, where money moves. */
function TopupForm({ minimumCents, onStarted }: { minimumCents: number | null; onStarted: () => void }) {
  const form = useSchemaForm(topupFormSchema(minimumCents), { amount: '', method: 'gcash' });
  const { register, formState } = form;
  const start = useStartTopup();
  const navigate = useNavigate();
  const submit = (json: TopupInput) =>
    start.mutate(
      { json, key: crypto.randomUUID() },
      {
        onSuccess: (payment) => {
          form.reset();
          onStarted();
          // A real gateway's checkout is another site; the sandbox's is our own /checkout page.
          if (payment.checkoutUrl && /^https?:/.test(payment.checkoutUrl)) window.location.assign(payment.checkoutUrl);
          else navigate({ to: '/checkout', search: { payment: payment.id } });
        },
        onError: (error) => {
          showIssuesOnFields(error, form, (path) => (path === 'amountCents' ? 'amount' : path));
          toast({ title: 'Top-up Failed', description: error.message, variant: 'destructive' });
        },
      },
    );
  return (
    <form onSubmit={form.handleSubmit(submit, toastFirstProblem('Invalid Amount'))} noValidate className="space-y-4">
      <FormField
        label="Amount (₱)"
        htmlFor="topup-amount"
        hint={minimumCents ? `At least ${formatPeso(minimumCents)}.` : undefined}
        error={formState.errors.amount}
      >
        <Input id="topup-amount" inputMode="decimal" placeholder="0.00" {...register('amount')} />
      </FormField>
      <div className="grid grid-cols-4 gap-2">
        {QUICK_TOPUP_PESOS.map((pesos) => (
          <Button
            key={pesos}
            type="button"
            variant="outline"
            size="sm"
            onClick={() => form.setValue('amount', String(pesos), { shouldValidate: formState.isSubmitted })}
          >
            {formatPeso(pesos * 100).replace('.00', '')}
          </Button>
        ))}
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">Pay with</legend>
        {TOPUP_METHODS.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2 has-[:checked]:border-brand"
          >
            <input type="radio" value={value} {...register('method')} />
            {TOPUP_METHOD_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <Button type="submit" className="w-full" disabled={start.isPending}>
        {start.isPending ? 'Processing...' : 'Add Money'}
      </Button>
    </form>
  );
}

/** Top Up: closed to new top-ups while the gateway is not set up; in the sandbox, says no real money moves. */
export function TopupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { data: config } = useQuery(paymentConfigQuery);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Top Up Wallet">
      {config && !config.available ? (
        <p className="text-muted-foreground">{config.message}</p>
      ) : (
        <>
          {config?.sandbox && (
            <p className="mb-4 flex items-center gap-2 text-sm text-muted-foreground">
              <SandboxBadge /> Test payments: no real money moves.
            </p>
          )}
          {/* The gateway's smallest payment, when it states one (PayMongo: ₱20). */}
          <TopupForm
            key={config?.available ? config.minimumCents : null}
            minimumCents={config?.available ? config.minimumCents : null}
            onStarted={() => onOpenChange(false)}
          />
        </>
      )}
    </Dialog>
  );
}
