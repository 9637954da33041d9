import { useState } from 'react';
import { DECISION_TOASTS, reasonMissing, type Decision, type ReviewKind } from '../../../core/approvals';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { Field, Textarea } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { useDecision } from '../../lib/admin';
import { SubmissionHistory } from './submission-history';

/** What the admin chose to decide: the item and the verdict, before confirming; a resubmitted lot brings its earlier submissions. */
export type PendingDecision = { kind: ReviewKind; id: string; name: string; decision: Decision; earlier?: Submissions };
type Submissions = Parameters<typeof SubmissionHistory>[0]['submissions'];

const ITEM_WORDS: Record<ReviewKind, string> = { owner: 'owner application', lot: 'lot submission', listing: 'listing change' };

/**
 * A decision is final, so it is confirmed: approve or reject the named item, with a reason box. A reason
 * is required (trimmed) only to reject, so Confirm waits for one then.
 */
export function DecisionDialog({ pending, onClose }: { pending: PendingDecision | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const decide = useDecision();
  const close = () => {
    setReason('');
    onClose();
  };
  if (!pending) return null;
  const verb = pending.decision === 'approve' ? 'Approve' : 'Reject';
  const confirm = () =>
    decide.mutate(
      { kind: pending.kind, id: pending.id, decision: pending.decision, reason },
      {
        onSuccess: () => {
          const done = DECISION_TOASTS[pending.kind][pending.decision];
          toast({ title: done.title, description: done.message });
          close();
        },
        onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && close()} title={`${verb} ${ITEM_WORDS[pending.kind]}`}>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <p className="text-muted-foreground">
          {verb} <strong className="text-foreground">{pending.name}</strong>?
        </p>
        {pending.earlier && <SubmissionHistory submissions={pending.earlier} title="Earlier submissions" />}
        <Field label={pending.decision === 'reject' ? 'Reason' : 'Notes (optional)'} htmlFor="decision-reason">
          <Textarea id="decision-reason" rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <DialogButtons
          onCancel={close}
          submitLabel={decide.isPending ? 'Processing...' : 'Confirm'}
          destructive={pending.decision === 'reject'}
          pending={reasonMissing(pending.decision, reason) || decide.isPending}
        />
      </form>
    </Dialog>
  );
}
