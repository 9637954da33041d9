import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { issueMessageSchema } from '../../../core/lot-issue-request';
import { LOT_ISSUE_MESSAGE_MAX, type SlotTakenChoice } from '../../../core/lot-issues';
import { formatPeso } from '../../../core/money';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Textarea } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { useSchemaForm } from '../../lib/form';
import { issueQuery, useIssueActions, type LotIssueThread } from '../../lib/lot-issues';
import { IssueStatusBadge } from './issue-status-badge';

const failed = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });

/** A report and its thread: its photo, the messages, a reply; the staff's Acknowledge and Resolve; the driver's choice on a taken slot. */
export default function IssueDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const issue = useQuery(issueQuery(id));
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={issue.data ? `${issue.data.categoryLabel} at ${issue.data.lotName}` : 'Report'}
    >
      {issue.isPending ? (
        <Spinner label="Loading report" />
      ) : issue.isError ? (
        <div role="alert" className="space-y-3 text-sm">
          <p>{issue.error.message}</p>
          <Button variant="outline" onClick={() => issue.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Thread issue={issue.data} />
      )}
    </Dialog>
  );
}

function Thread({ issue }: { issue: LotIssueThread }) {
  return (
    <div className="max-h-[70vh] space-y-4 overflow-y-auto">
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <IssueStatusBadge status={issue.status} />
        <span>{formatDateTime(issue.createdAt)}</span>
        <span>{[issue.reporterName, issue.plate, issue.slotLabel && `Slot ${issue.slotLabel}`].filter(Boolean).join(' · ')}</span>
      </div>
      <p className="whitespace-pre-wrap text-sm">{issue.text}</p>
      {issue.photoUrl && (
        <a href={issue.photoUrl} target="_blank" rel="noreferrer" className="block">
          <img
            src={issue.photoUrl}
            alt={`What the driver saw: ${issue.categoryLabel.toLowerCase()}`}
            className="max-h-64 rounded-lg border border-border object-contain"
          />
        </a>
      )}
      {issue.offersSlotTakenChoice && !issue.viewerIsStaff && <SlotTakenOffer id={issue.id} refundOffered={issue.offersSlotTakenRefund} />}
      {issue.remedy && (
        <p className="text-sm text-muted-foreground">
          {issue.viewerIsStaff ? 'The driver' : 'You'} chose {issue.remedy === 'refund' ? 'a refund' : 'another slot'}.
        </p>
      )}
      <section aria-label="Messages" className="space-y-2">
        {issue.messages.length === 0 ? (
          <p className="text-sm text-muted-foreground">No messages yet.</p>
        ) : (
          <ol className="space-y-2">
            {issue.messages.map((message) => (
              <li
                key={message.id}
                className={message.fromStaff ? 'rounded-lg bg-muted p-2 text-sm' : 'rounded-lg border border-border p-2 text-sm'}
              >
                <p className="text-xs text-muted-foreground">
                  {message.fromStaff ? `${message.authorName} (lot staff)` : message.authorName} · {formatDateTime(message.createdAt)}
                </p>
                <p className="whitespace-pre-wrap">{message.text}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <Reply id={issue.id} />
      {issue.viewerIsStaff && issue.status !== 'resolved' && <StaffActions id={issue.id} acknowledged={issue.status === 'acknowledged'} />}
    </div>
  );
}

function Reply({ id }: { id: string }) {
  const form = useSchemaForm(issueMessageSchema, { text: '' });
  const text = useWatch({ control: form.control, name: 'text' });
  const { write } = useIssueActions(id);
  const send = form.handleSubmit(({ text }) => write.mutate(text, { onSuccess: () => form.reset(), onError: failed('Message Not Sent') }));
  return (
    <form className="space-y-2" onSubmit={send}>
      <FormField label="Add a message" htmlFor={`issue-reply-${id}`} error={form.formState.errors.text}>
        <Textarea id={`issue-reply-${id}`} rows={2} maxLength={LOT_ISSUE_MESSAGE_MAX} {...form.register('text')} />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={!text.trim() || write.isPending}>
          {write.isPending ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  );
}

function StaffActions({ id, acknowledged }: { id: string; acknowledged: boolean }) {
  const { setStatus } = useIssueActions(id);
  const change = (status: 'acknowledged' | 'resolved') =>
    setStatus.mutate(status, {
      onSuccess: () =>
        toast({ title: status === 'resolved' ? 'Report Resolved' : 'Report Acknowledged', description: 'The driver was notified.' }),
      onError: failed('Not Changed'),
    });
  return (
    <div className="flex justify-end gap-2 border-t border-border pt-3">
      {!acknowledged && (
        <Button variant="outline" disabled={setStatus.isPending} onClick={() => change('acknowledged')}>
          Acknowledge
        </Button>
      )}
      <Button disabled={setStatus.isPending} onClick={() => change('resolved')}>
        Resolve
      </Button>
    </div>
  );
}

/**
 * The driver's choice when their slot was taken while their reservation is under way: the lot decides
 * whether another slot is free; a refund waits until the lot's staff confirm the slot was taken.
 */
function SlotTakenOffer({ id, refundOffered }: { id: string; refundOffered: boolean }) {
  const { choose } = useIssueActions(id);
  const pick = (choice: SlotTakenChoice) =>
    choose.mutate(choice, {
      onSuccess: ({ refundCents }) =>
        toast({
          title: choice === 'refund' ? 'Refunded' : 'Moved to Another Slot',
          description:
            choice === 'refund'
              ? `${formatPeso(refundCents)} is back in your wallet.`
              : 'Your reservation now has another slot; see it on your pass.',
        }),
      onError: failed(choice === 'refund' ? 'Refund Failed' : 'No Other Slot'),
    });
  return (
    <div className="space-y-2 rounded-lg border border-border p-3">
      <p className="text-sm font-medium">Your slot was taken. What would you like?</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={choose.isPending} onClick={() => pick('move')}>
          Give me another slot
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={choose.isPending || !refundOffered}
          aria-describedby={refundOffered ? undefined : `refund-waits-${id}`}
          onClick={() => pick('refund')}
        >
          Refund me in full
        </Button>
      </div>
      {!refundOffered && (
        <p id={`refund-waits-${id}`} className="text-xs text-muted-foreground">
          A refund is offered once the lot's staff confirm your slot was taken. You will be notified when they do.
        </p>
      )}
    </div>
  );
}
