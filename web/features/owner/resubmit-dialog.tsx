import { RESUBMIT_NOTES_MAX, resubmitSchema } from '../../../core/approvals';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { Textarea } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { toastFirstProblem, useSchemaForm } from '../../lib/form';
import { useResubmitLot, type OwnerLot } from '../../lib/owner';
import { SubmissionHistory } from '../admin/submission-history';

/**
 * Resubmit a rejected lot: as it is now (edit it first with Edit), with an optional note to the
 * reviewer; every earlier submission and decision is kept and shown here.
 */
export function ResubmitDialog({ lot, onClose }: { lot: OwnerLot; onClose: () => void }) {
  const form = useSchemaForm(resubmitSchema, { notes: '' });
  const resubmit = useResubmitLot();
  const send = form.handleSubmit(
    ({ notes }) =>
      resubmit.mutate(
        { id: lot.id, notes: notes ?? '' },
        {
          onSuccess: () => {
            toast({ title: 'Lot Resubmitted', description: `${lot.name} is waiting for review again.` });
            onClose();
          },
          onError: (error) => toast({ title: 'Not Resubmitted', description: error.message, variant: 'destructive' }),
        },
      ),
    toastFirstProblem('Not Resubmitted'),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Resubmit for Review">
      <form className="max-h-[70vh] space-y-4 overflow-y-auto pr-1" onSubmit={send}>
        <p className="text-sm text-muted-foreground">
          {lot.name} goes back to the reviewer as it is now. Fix what the reason names with Edit first.
        </p>
        <FormField
          label="Note to the reviewer (optional)"
          htmlFor="resubmit-notes"
          hint="For example, what you changed."
          error={form.formState.errors.notes}
        >
          <Textarea id="resubmit-notes" rows={3} maxLength={RESUBMIT_NOTES_MAX} {...form.register('notes')} />
        </FormField>
        <SubmissionHistory submissions={lot.submissions} />
        <DialogButtons onCancel={onClose} submitLabel={resubmit.isPending ? 'Sending…' : 'Resubmit'} pending={resubmit.isPending} />
      </form>
    </Dialog>
  );
}
