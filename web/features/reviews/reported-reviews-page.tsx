import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { moderationSchema } from '../../../core/review-request';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { Textarea } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { LoadMore } from '../../components/ui/load-more';
import { toast } from '../../components/ui/toast-store';
import { showIssuesOnFields, useSchemaForm } from '../../lib/form';
import { loadedItems } from '../../lib/pages';
import { reportedReviewsQuery, useModerateReview, type ReportedReview } from '../../lib/reviews';
import { ReviewItem } from './lot-reviews';

type Decision = 'hide' | 'keep';

/** Reported reviews: each with the reports' reasons; the super admin hides it (out of the lot's rating) or keeps it, with a reason. */
export function ReportedReviewsPage() {
  const list = useSuspenseInfiniteQuery(reportedReviewsQuery);
  const items = loadedItems(list.data);
  const [deciding, setDeciding] = useState<{ review: ReportedReview; decision: Decision } | null>(null);
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">Reported reviews</h1>
      <p className="mb-6 text-sm text-muted-foreground">
        A hidden review leaves the lot’s page and its rating; a kept one stays. Every decision is in the audit log.
      </p>
      {items.length === 0 ? (
        <Card className="text-center text-muted-foreground">No reported reviews to decide.</Card>
      ) : (
        <ul className="space-y-4">
          {items.map((review) => (
            <li key={review.id} data-testid="reported-review">
              <Card>
                <p className="text-sm font-semibold">
                  {review.lotName}
                  {review.moderation === 'kept' && (
                    <span className="font-normal text-muted-foreground"> · kept before, reported again</span>
                  )}
                </p>
                <ReviewItem review={review} />
                <h2 className="mt-2 text-sm font-semibold">Reports ({review.reports.length})</h2>
                <ul className="mt-1 space-y-1 text-sm">
                  {review.reports.map((report) => (
                    <li key={`${report.createdAt}${report.reason}`}>
                      “{report.reason}” <span className="text-xs text-muted-foreground">{formatDateTime(report.createdAt)}</span>
                    </li>
                  ))}
                </ul>
                <div className="mt-3 flex gap-2">
                  <Button size="sm" variant="destructive" onClick={() => setDeciding({ review, decision: 'hide' })}>
                    Hide
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setDeciding({ review, decision: 'keep' })}>
                    Keep
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} />
      {deciding && <DecisionDialog {...deciding} onClose={() => setDeciding(null)} />}
    </main>
  );
}

function DecisionDialog({ review, decision, onClose }: { review: ReportedReview; decision: Decision; onClose: () => void }) {
  const form = useSchemaForm(moderationSchema, { reason: '' });
  const moderate = useModerateReview();
  const submit = ({ reason }: { reason: string }) =>
    moderate.mutate(
      { id: review.id, decision, reason },
      {
        onSuccess: () => {
          toast({ title: decision === 'hide' ? 'Review hidden' : 'Review kept', description: review.lotName });
          onClose();
        },
        onError: (error) => {
          showIssuesOnFields(error, form);
          toast({ title: 'Not saved', description: error.message.replace(/^\d+: /, ''), variant: 'destructive' });
        },
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={decision === 'hide' ? 'Hide this review' : 'Keep this review'}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4">
        <FormField label="Reason" htmlFor="moderation-reason" error={form.formState.errors.reason}>
          <Textarea id="moderation-reason" rows={3} {...form.register('reason')} />
        </FormField>
        <DialogButtons
          onCancel={onClose}
          submitLabel={decision === 'hide' ? 'Hide review' : 'Keep review'}
          destructive={decision === 'hide'}
          pending={moderate.isPending}
        />
      </form>
    </Dialog>
  );
}
