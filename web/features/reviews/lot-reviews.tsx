import { useInfiniteQuery } from '@tanstack/react-query';
import { BadgeCheck, Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { distributionPercent, RATINGS, ratingText, type RatingSummary } from '../../../core/reviews';
import { formatManilaDay } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { loadedItems } from '../../lib/pages';
import { lotReviewsQuery, type LotReview } from '../../lib/reviews';
import { Stars } from './stars';

const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

/** A lot's rating, its distribution (5 to 1 stars) and its newest reviews, with "More reviews". */
export function LotReviews({ lotId }: { lotId: string }) {
  const list = useInfiniteQuery(lotReviewsQuery(lotId));
  const [reporting, setReporting] = useState<string | null>(null);
  const first = list.data?.pages[0];
  return (
    <Card className="render-when-near" data-testid="lot-reviews">
      <h2 className="mb-3 font-semibold">Reviews</h2>
      {list.isPending ? (
        <Spinner label="Loading reviews" />
      ) : list.isError ? (
        <div role="alert" className="text-sm">
          Reviews could not be loaded.{' '}
          <Button variant="outline" size="sm" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      ) : first && first.count > 0 ? (
        <>
          <RatingBars summary={first} />
          <ul className="mt-4 divide-y divide-border">
            {loadedItems(list.data).map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} onReport={() => setReporting(review.id)} />
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <Button
              variant="outline"
              size="sm"
              className="mt-3 w-full"
              disabled={list.isFetchingNextPage}
              onClick={() => list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Loading…' : 'More reviews'}
            </Button>
          )}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">No reviews yet. Drivers who park here can rate their stay after they check out.</p>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog reviewId={reporting} onClose={() => setReporting(null)} />
        </Suspense>
      )}
    </Card>
  );
}

/** The average, the count and one bar per star. */
function RatingBars({ summary }: { summary: RatingSummary }) {
  return (
    <div className="flex flex-wrap items-center gap-6">
      <div className="text-center">
        <p className="text-4xl font-bold" data-testid="lot-rating-average">
          {summary.average?.toFixed(1)}
        </p>
        <Stars rating={summary.average ?? 0} />
        <p className="text-sm text-muted-foreground">{ratingText(summary).replace(/^\S+ \((.*)\)$/, '$1')}</p>
      </div>
      <ul className="min-w-48 flex-1 space-y-1 text-sm" aria-label="Ratings by stars">
        {RATINGS.map((stars) => (
          <li key={stars} className="flex items-center gap-2">
            <span className="w-12 shrink-0">
              {stars} star{stars > 1 ? 's' : ''}
            </span>
            <span className="h-2 flex-1 rounded-full bg-muted" aria-hidden>
              <span className="block h-2 rounded-full bg-amber-500" style={{ width: `${distributionPercent(summary, stars)}%` }} />
            </span>
            <span className="w-10 shrink-0 text-right text-muted-foreground">{summary.distribution[stars]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One review: stars, who and when, the verified-stay mark, the text, the owner's reply and Report. */
export function ReviewItem({ review, onReport }: { review: LotReview; onReport?: () => void }) {
  return (
    <div className="py-3" data-testid="review">
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <span className="font-medium">{review.reviewer}</span>
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
          <BadgeCheck aria-hidden className="h-3.5 w-3.5" /> Verified stay{review.monthlyPass ? ' · monthly pass' : ''}
        </span>
        <span className="text-xs text-muted-foreground">
          {formatManilaDay(review.createdAt)}
          {review.editedAt && ' · edited'}
        </span>
      </div>
      {review.text && <p className="mt-1 whitespace-pre-line text-sm">{review.text}</p>}
      {review.reply.text && (
        <div className="mt-2 rounded-lg border-l-4 border-brand bg-muted/50 p-2 text-sm">
          <p className="text-xs font-semibold">Reply from the lot{review.reply.editedAt ? ' · edited' : ''}</p>
          <p className="whitespace-pre-line">{review.reply.text}</p>
        </div>
      )}
      {onReport && (
        <button type="button" onClick={onReport} className="mt-1 inline-flex items-center gap-1 text-xs text-muted-foreground underline">
          <Flag aria-hidden className="h-3 w-3" /> Report
          <span className="sr-only"> the review by {review.reviewer}</span>
        </button>
      )}
    </div>
  );
}
