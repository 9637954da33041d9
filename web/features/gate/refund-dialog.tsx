import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { gateRefundSchema } from '../../../core/gate';
import { formatPeso, pesosToCents } from '../../../core/money';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Textarea } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { GATE_NETWORK_MODE, refundGateCharge, type Activity } from './gate-api';
import { refreshGate } from './use-gate-actions';

/**
 * An owner or the super admin pays back part or all of a check-out's charge, with a reason: to the
 * wallet it came from, or in cash at the lot (docs/gate.md, Who moves whose money).
 */
export function RefundDialog({ stay, onClose }: { stay: Activity; onClose: () => void }) {
  const queryClient = useQueryClient();
  const left = (stay.amount ?? 0) - stay.refundedCents;
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const refund = useMutation({
    networkMode: GATE_NETWORK_MODE,
    mutationFn: (body: { amountCents: number; reason: string }) => refundGateCharge(stay.checkinId!, body),
    onSuccess: (done) => {
      toast({
        title: 'Refund Made',
        description: `${formatPeso(done.amountCents)} ${done.method === 'wallet' ? 'is back in the driver’s wallet' : 'to hand back in cash'}.`,
      });
      onClose();
      return refreshGate(queryClient);
    },
    onError: (error) => toast({ title: 'Refund Failed', description: error.message, variant: 'destructive' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = gateRefundSchema.safeParse({ amountCents: pesosToCents(amount), reason });
    if (!checked.success)
      return toast({ title: 'Check the refund', description: checked.error.issues[0]?.message, variant: 'destructive' });
    refund.mutate(checked.data);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Refund ${stay.plate ?? 'this stay'}`}>
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm text-muted-foreground">
          Charged {formatPeso(stay.amount ?? 0)} {stay.paidBy === 'wallet' ? 'from the wallet' : 'in cash'}
          {stay.refundedCents ? `, ${formatPeso(stay.refundedCents)} already paid back` : ''}. The refund goes back the same way, and your
          reason is recorded with your name.
        </p>
        <Field label="Amount (₱)" htmlFor="refund-amount" hint={`At most ${formatPeso(left)}`}>
          <Input
            id="refund-amount"
            type="number"
            min={0.01}
            max={left / 100}
            step="0.01"
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <Field label="Reason" htmlFor="refund-reason">
          <Textarea id="refund-reason" required maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={refund.isPending}>
            {refund.isPending ? 'Refunding…' : 'Refund'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
