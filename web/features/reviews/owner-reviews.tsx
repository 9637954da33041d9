import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { replySchema } from '../../../core/review-request';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Textarea } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { LoadMore } from '../../components/ui/load-more';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { showIssuesOnFields, useSchemaForm } from '../../lib/form';
import { loadedItems } from '../../lib/pages';
import { ownerReviewsQuery, useReplyToReview, type OwnerReview } from '../../lib/reviews';
import { ReviewItem } from './lot-reviews';

/** The owner's Reviews: what drivers wrote about their lots (one lot's when chosen), newest first, each with a reply to write or edit. */
export function OwnerReviews({ lotId }: { lotId?: string }) {
  const list = useInfiniteQuery(ownerReviewsQuery(lotId));
  const items = loadedItems(list.data);
  return (
    <Card data-testid="owner-reviews">
      <h2 className="mb-3 text-lg font-semibold">Reviews</h2>
      {list.isPending ? (
        <Spinner label="Loading reviews" />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {list.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No reviews yet. Drivers rate their stay after they check out.</p>
      ) : (
        <ul className="divide-y divide-border">
          {items.map((review) => (
            <OwnerReviewRow key={review.id} review={review} />
          ))}
        </ul>
      )}
      <LoadMore list={list} />
    </Card>
  );
}

function OwnerReviewRow({ review }: { review: OwnerReview }) {
  const [replying, setReplying] = useState(false);
  return (
    <li>
      <p className="pt-3 text-xs font-medium text-muted-foreground">
        {review.lotName}
        {review.moderation === 'hidden' && ' · hidden by Parkada: not shown to drivers'}
      </p>
      <ReviewItem review={review} />
      {replying ? (
        <ReplyForm review={review} onDone={() => setReplying(false)} />
      ) : (
        <Button variant="outline" size="sm" className="mb-3" onClick={() => setReplying(true)}>
          {review.reply.text ? 'Edit reply' : 'Reply'}
          <span className="sr-only"> to {review.reviewer}</span>
        </Button>
      )}
    </li>
  );
}

function ReplyForm({ review, onDone }: { review: OwnerReview; onDone: () => void }) {
  const form = useSchemaForm(replySchema, { text: review.reply.text ?? '' });
  const reply = useReplyToReview();
  const submit = ({ text }: { text: string }) =>
    reply.mutate(
      { id: review.id, text },
      {
        onSuccess: () => {
          toast({ title: review.reply.text ? 'Reply updated' : 'Reply posted', description: 'Drivers see it under the review.' });
          onDone();
        },
        onError: (error) => {
          showIssuesOnFields(error, form);
          toast({ title: 'Reply not saved', description: error.message.replace(/^\d+: /, ''), variant: 'destructive' });
        },
      },
    );
  const id = `reply-${review.id}`;
  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="mb-3 space-y-2">
      <FormField label={`Your reply to ${review.reviewer}`} htmlFor={id} error={form.formState.errors.text}>
        <Textarea id={id} rows={3} {...form.register('text')} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={reply.isPending}>
          {review.reply.text ? 'Save reply' : 'Post reply'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
