import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { reviewSchema, type Review, type ReviewForm } from '../../../core/review-request';
import { REVIEW_EDIT_DAYS, REVIEW_TEXT_MAX } from '../../../core/reviews';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Textarea } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { showIssuesOnFields, useSchemaForm } from '../../lib/form';
import { myReviewQuery, useSaveReview, type StayKind } from '../../lib/reviews';
import { StarPicker, Stars } from './stars';

type MyReview = { rating: number; text: string | null; createdAt: string; editableUntil: string };

/** Rate your stay: stars and a few words, or an edit of them for 14 days; after that, the review as written. */
export function RateStayDialog({ kind, id, onClose }: { kind: StayKind; id: string; onClose: () => void }) {
  const mine = useQuery(myReviewQuery(kind, id));
  const review = mine.data?.review ?? null;
  const closed = review !== null && Date.parse(review.editableUntil) <= Date.now();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={review ? 'Your review' : 'Rate your stay'}>
      {mine.isPending ? (
        <Spinner label="Loading your review" />
      ) : mine.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {mine.error.message.replace(/^\d+: /, '')}
        </p>
      ) : closed ? (
        <ClosedReview review={review} />
      ) : (
        <ReviewFormBody kind={kind} id={id} lotName={mine.data.lotName} review={review} onClose={onClose} />
      )}
    </Dialog>
  );
}

function ClosedReview({ review }: { review: MyReview }) {
  return (
    <div className="space-y-2 text-sm">
      <Stars rating={review.rating} />
      {review.text && <p className="whitespace-pre-line">{review.text}</p>}
      <p className="text-muted-foreground">
        Reviews can be edited for {REVIEW_EDIT_DAYS} days; this one, written {formatDateTime(review.createdAt)}, stands as it is.
      </p>
    </div>
  );
}

type FormProps = { kind: StayKind; id: string; lotName: string; review: MyReview | null; onClose: () => void };

function ReviewFormBody({ kind, id, lotName, review, onClose }: FormProps) {
  const form = useSchemaForm<ReviewForm, Review>(reviewSchema, { rating: review?.rating, text: review?.text ?? '' });
  const save = useSaveReview(kind, id);
  const submit = (json: Review) =>
    save.mutate(
      { json, edit: review !== null },
      {
        onSuccess: () => {
          toast({
            title: review ? 'Review updated' : 'Thank you for your review',
            description: `Your rating of ${lotName} is on its page.`,
          });
          onClose();
        },
        onError: (error) => {
          showIssuesOnFields(error, form);
          toast({ title: 'Review not saved', description: error.message.replace(/^\d+: /, ''), variant: 'destructive' });
        },
      },
    );
  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4">
      <p className="text-sm text-muted-foreground">
        How was parking at {lotName}?{review && ` You can edit your review until ${formatDateTime(review.editableUntil)}.`}
      </p>
      <FormField label="Your rating" htmlFor="review-rating" error={form.formState.errors.rating}>
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => <StarPicker name="review-rating" value={field.value} onChange={field.onChange} />}
        />
      </FormField>
      <FormField
        label="Your review (optional)"
        htmlFor="review-text"
        hint={`At most ${REVIEW_TEXT_MAX.toLocaleString('en-PH')} characters.`}
        error={form.formState.errors.text}
      >
        <Textarea id="review-text" rows={4} maxLength={REVIEW_TEXT_MAX} {...form.register('text')} />
      </FormField>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : review ? 'Save changes' : 'Submit review'}
        </Button>
      </div>
    </form>
  );
}
