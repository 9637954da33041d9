/**
 * Verified reviews (docs/reviews.md): who may review, for how long a review can be edited, and how a
 * lot's rating is summed up. A review is of one completed stay (a reservation, or a monthly pass
 * period that has ended with a stay in it); hidden reviews count for nothing.
 */
import { DAY_MS } from './time';

export const MIN_RATING = 1;
export const MAX_RATING = 5;
/** The stars, best first: the order the distribution is shown in. */
export const RATINGS = [5, 4, 3, 2, 1] as const;
export type Rating = (typeof RATINGS)[number];

export const REVIEW_TEXT_MAX = 1000;
export const REPLY_TEXT_MAX = 1000;
export const REPORT_REASON_MAX = 500;
export const MODERATION_REASON_MAX = 500;
/** A driver edits their review for this long after writing it. */
export const REVIEW_EDIT_DAYS = 14;
/** Reviews per page of a lot's list. */
export const REVIEWS_PAGE_SIZE = 5;

/** What the check-out notice adds: the one time a stay's review is asked for. */
export const REVIEW_ASK = 'How was it? Rate your stay.';

/** Until when a review written at `createdAt` may be edited (exclusive). */
export const editableUntil = (createdAt: string | Date) => new Date(new Date(createdAt).getTime() + REVIEW_EDIT_DAYS * DAY_MS);

export const canEditReview = (createdAt: string | Date, now: Date) => now.getTime() < editableUntil(createdAt).getTime();

/** How many reviews gave each rating, from 5 stars down to 1. */
export type Distribution = Record<Rating, number>;

export type RatingSummary = { average: number | null; count: number; distribution: Distribution };

export const emptyDistribution = (): Distribution => ({ 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 });

/**
 * A lot's rating from the counts of its visible reviews at each star: the mean rounded to one decimal
 * (4.25 shows as 4.3), null when nobody has reviewed it yet, never a made-up figure.
 */
export function ratingSummary(distribution: Distribution): RatingSummary {
  let count = 0;
  let stars = 0;
  for (const star of RATINGS) {
    count += distribution[star];
    stars += star * distribution[star];
  }
  return { ...lotRating(count, stars), distribution };
}

/** A lot's rating as search and its page show it: from how many reviews and how many stars they gave in all. */
export const lotRating = (count: number, stars: number) => ({ average: count ? Math.round((stars / count) * 10) / 10 : null, count });

/** The share of reviews at one star, as a whole percent of all: the width of its bar. */
export const distributionPercent = (summary: RatingSummary, stars: Rating) =>
  summary.count ? Math.round((summary.distribution[stars] / summary.count) * 100) : 0;

/** "4.3 (127 reviews)", or "No reviews yet". */
export function ratingText({ average, count }: { average: number | null; count: number }) {
  if (!count || average === null) return 'No reviews yet';
  return `${average.toFixed(1)} (${count} review${count === 1 ? '' : 's'})`;
}

/** Why a pass period cannot be reviewed yet, or null once it has ended with at least one stay in it. */
export function whyPassNotReviewable(pass: { validUntil: string; stays: number }, now: Date): string | null {
  if (Date.parse(pass.validUntil) > now.getTime()) return 'You can review a monthly pass once its period has ended.';
  if (pass.stays === 0) return 'This pass period had no stay: there is nothing to review.';
  return null;
}
