import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gateRefundFormSchema, type GateRefundRequest } from '../../../core/gate';
import { formatPeso } from '../../../core/money';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { Input, Textarea } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { showIssuesOnFields, toastFirstProblem, useSchemaForm } from '../../lib/form';
import { GATE_NETWORK_MODE, refundGateCharge, type Activity } from './gate-api';
import { refreshGate } from './use-gate-actions';

/**
 * An owner or the super admin pays back part or all of a check-out's charge, with a reason: to the
 * wallet it came from, or in cash at the lot (docs/gate.md, Who moves whose money).
 */
export function RefundDialog({ lotId, stay, onClose }: { lotId: string; stay: Activity; onClose: () => void }) {
  const queryClient = useQueryClient();
  const left = (stay.amount ?? 0) - stay.refundedCents;
  const form = useSchemaForm(gateRefundFormSchema, { amount: (left / 100).toFixed(2), reason: '' });
  const { register, formState } = form;
  const refund = useMutation({
    networkMode: GATE_NETWORK_MODE,
    // The lot finds a stay moved out of D1 into its object (docs/gate.md, Where a stay lives).
    mutationFn: (body: GateRefundRequest) => refundGateCharge(stay.checkinId!, { ...body, lotId }),
    onSuccess: (done) => {
      toast({
        title: 'Refund Made',
        description: `${formatPeso(done.amountCents)} ${done.method === 'wallet' ? 'is back in the driver’s wallet' : 'to hand back in cash'}.`,
      });
      onClose();
      return refreshGate(queryClient);
    },
    onError: (error) => {
      showIssuesOnFields(error, form, (path) => (path === 'amountCents' ? 'amount' : path));
      toast({ title: 'Refund Failed', description: error.message, variant: 'destructive' });
    },
  });
  const submit = form.handleSubmit((body) => refund.mutate(body), toastFirstProblem('Check the refund'));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Refund ${stay.plate ?? 'this stay'}`}>
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm text-muted-foreground">
          Charged {formatPeso(stay.amount ?? 0)} {stay.paidBy === 'wallet' ? 'from the wallet' : 'in cash'}
          {stay.refundedCents ? `, ${formatPeso(stay.refundedCents)} already paid back` : ''}. The refund goes back the same way, and your
          reason is recorded with your name.
        </p>
        <FormField label="Amount (₱)" htmlFor="refund-amount" hint={`At most ${formatPeso(left)}`} error={formState.errors.amount}>
          <Input id="refund-amount" type="number" min={0.01} max={left / 100} step="0.01" required {...register('amount')} />
        </FormField>
        <FormField label="Reason" htmlFor="refund-reason" error={formState.errors.reason}>
          <Textarea id="refund-reason" required maxLength={300} {...register('reason')} />
        </FormField>
        <DialogButtons onCancel={onClose} submitLabel={refund.isPending ? 'Refunding…' : 'Refund'} pending={refund.isPending} />
      </form>
    </Dialog>
  );
}
