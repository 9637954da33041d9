import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { formatPeso, pesosToCents } from '../../../core/money';
import { QUICK_TOPUP_PESOS, TOPUP_METHOD_LABELS, TOPUP_METHODS, type TopupMethod } from '../../../core/wallet';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { paymentConfigQuery, useStartTopup } from '../../lib/wallet';
import { SandboxBadge } from './sandbox-badge';

/** Top Up: amount in pesos, quick amounts, a method, then the provider's checkout, where money moves. */
export function TopupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<TopupMethod>('gcash');
  const { data: config } = useQuery(paymentConfigQuery);
  // The gateway's smallest payment, when it states one (PayMongo: ₱20).
  const minimumCents = config?.available ? config.minimumCents : null;
  const start = useStartTopup();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountCents = pesosToCents(amount);
    if (!(amountCents > 0)) {
      toast({ title: 'Invalid Amount', description: 'Please enter a valid amount.', variant: 'destructive' });
      return;
    }
    if (minimumCents && amountCents < minimumCents) {
      toast({ title: 'Invalid Amount', description: `A top-up is at least ${formatPeso(minimumCents)}.`, variant: 'destructive' });
      return;
    }
    start.mutate(
      { json: { amountCents, method }, key: crypto.randomUUID() },
      {
        onSuccess: (payment) => {
          setAmount('');
          onOpenChange(false);
          // A real gateway's checkout is another site; the sandbox's is our own /checkout page.
          if (payment.checkoutUrl && /^https?:/.test(payment.checkoutUrl)) window.location.assign(payment.checkoutUrl);
          else navigate({ to: '/checkout', search: { payment: payment.id } });
        },
        onError: (error) => toast({ title: 'Top-up Failed', description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Top Up Wallet">
      {config && !config.available ? (
        <p className="text-muted-foreground">{config.message}</p>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          {config?.sandbox && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <SandboxBadge /> Test payments: no real money moves.
            </p>
          )}
          <Field label="Amount (₱)" htmlFor="topup-amount" hint={minimumCents ? `At least ${formatPeso(minimumCents)}.` : undefined}>
            <Input id="topup-amount" inputMode="decimal" placeholder="0.00" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </Field>
          <div className="grid grid-cols-4 gap-2">
            {QUICK_TOPUP_PESOS.map((pesos) => (
              <Button key={pesos} type="button" variant="outline" size="sm" onClick={() => setAmount(String(pesos))}>
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
                <input type="radio" name="topup-method" value={value} checked={method === value} onChange={() => setMethod(value)} />
                {TOPUP_METHOD_LABELS[value]}
              </label>
            ))}
          </fieldset>
          <Button type="submit" className="w-full" disabled={start.isPending}>
            {start.isPending ? 'Processing...' : 'Add Money'}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
