import { describe, expect, it } from 'vitest';
import { replySchema, reviewSchema } from './review-request';
import {
  canEditReview,
  distributionPercent,
  editableUntil,
  emptyDistribution,
  ratingSummary,
  ratingText,
  whyPassNotReviewable,
} from './reviews';

describe('a lot’s rating', () => {
  it('is null with no reviews, never a made-up figure', () => {
    expect(ratingSummary(emptyDistribution())).toEqual({ average: null, count: 0, distribution: emptyDistribution() });
    expect(ratingText({ average: null, count: 0 })).toBe('No reviews yet');
  });

  it('is the mean of the stars, to one decimal', () => {
    const summary = ratingSummary({ 5: 2, 4: 1, 3: 0, 2: 0, 1: 1 });
    expect(summary).toMatchObject({ average: 3.8, count: 4 });
    expect(ratingSummary({ 5: 1, 4: 3, 3: 0, 2: 0, 1: 0 }).average).toBe(4.3);
    expect(ratingText(summary)).toBe('3.8 (4 reviews)');
    expect(ratingText(ratingSummary({ 5: 1, 4: 0, 3: 0, 2: 0, 1: 0 }))).toBe('5.0 (1 review)');
  });

  it('gives each star its share of the reviews', () => {
    const summary = ratingSummary({ 5: 2, 4: 1, 3: 0, 2: 0, 1: 1 });
    expect(distributionPercent(summary, 5)).toBe(50);
    expect(distributionPercent(summary, 3)).toBe(0);
    expect(distributionPercent(ratingSummary(emptyDistribution()), 5)).toBe(0);
  });
});

describe('the edit window', () => {
  const written = '2026-11-01T10:00:00.000Z';
  it('is 14 days from the review', () => {
    expect(editableUntil(written).toISOString()).toBe('2026-11-15T10:00:00.000Z');
    expect(canEditReview(written, new Date('2026-11-15T09:59:59.999Z'))).toBe(true);
    expect(canEditReview(written, new Date('2026-11-15T10:00:00.000Z'))).toBe(false);
  });
});

describe('a pass period', () => {
  const now = new Date('2026-11-27T00:00:00Z');
  it('is reviewable once ended with a stay in it', () => {
    expect(whyPassNotReviewable({ validUntil: '2026-11-26T16:00:00Z', stays: 3 }, now)).toBeNull();
    expect(whyPassNotReviewable({ validUntil: '2026-11-26T16:00:00Z', stays: 0 }, now)).toBe(
      'This pass period had no stay: there is nothing to review.',
    );
    expect(whyPassNotReviewable({ validUntil: '2026-11-28T16:00:00Z', stays: 3 }, now)).toBe(
      'You can review a monthly pass once its period has ended.',
    );
  });
});

describe('the review request', () => {
  it('takes a whole rating from 1 to 5 and optional text', () => {
    expect(reviewSchema.parse({ rating: 4 })).toEqual({ rating: 4 });
    expect(reviewSchema.parse({ rating: 5, text: '  Easy in, easy out. ' })).toEqual({ rating: 5, text: 'Easy in, easy out.' });
    expect(reviewSchema.parse({ rating: 3, text: '   ' })).toEqual({ rating: 3 });
  });

  it.each([[0], [6], [4.5], [undefined], ['5']])('refuses the rating %s', (rating) => {
    const result = reviewSchema.safeParse({ rating });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Choose a rating from 1 to 5 stars.');
  });

  it('refuses text over 1,000 characters', () => {
    expect(reviewSchema.safeParse({ rating: 5, text: 'a'.repeat(1000) }).success).toBe(true);
    expect(reviewSchema.safeParse({ rating: 5, text: 'a'.repeat(1001) }).error?.issues[0].message).toBe(
      'A review has at most 1,000 characters.',
    );
  });

  it('refuses an empty reply', () => {
    expect(replySchema.safeParse({ text: '  ' }).error?.issues[0].message).toBe('Write a reply.');
  });
});
