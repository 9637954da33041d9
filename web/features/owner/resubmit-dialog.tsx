import { useState } from 'react';
import { RESUBMIT_NOTES_MAX } from '../../../core/approvals';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Textarea } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { useResubmitLot, type OwnerLot } from '../../lib/owner';
import { SubmissionHistory } from '../admin/submission-history';

/**
 * Resubmit a rejected lot: as it is now (edit it first with Edit), with an optional note to the
 * reviewer; every earlier submission and decision is kept and shown here.
 */
export function ResubmitDialog({ lot, onClose }: { lot: OwnerLot; onClose: () => void }) {
  const [notes, setNotes] = useState('');
  const resubmit = useResubmitLot();
  const send = () =>
    resubmit.mutate(
      { id: lot.id, notes: notes.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Lot Resubmitted', description: `${lot.name} is waiting for review again.` });
          onClose();
        },
        onError: (error) => toast({ title: 'Not Resubmitted', description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Resubmit for Review">
      <form
        className="max-h-[70vh] space-y-4 overflow-y-auto pr-1"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <p className="text-sm text-muted-foreground">
          {lot.name} goes back to the reviewer as it is now. Fix what the reason names with Edit first.
        </p>
        <Field label="Note to the reviewer (optional)" htmlFor="resubmit-notes" hint="For example, what you changed.">
          <Textarea id="resubmit-notes" rows={3} maxLength={RESUBMIT_NOTES_MAX} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </Field>
        <SubmissionHistory submissions={lot.submissions} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={resubmit.isPending}>
            {resubmit.isPending ? 'Sending…' : 'Resubmit'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
