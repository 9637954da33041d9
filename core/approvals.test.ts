import { describe, expect, it } from 'vitest';
import { lotReviewOf, notRejectedMessage, resubmitSchema } from './approvals';

describe('a lot’s standing with the super admin', () => {
  it('is Approved once approved, Rejected when its latest submission was rejected, Pending otherwise', () => {
    expect(lotReviewOf(true, 'approved')).toBe('approved');
    expect(lotReviewOf(false, 'rejected')).toBe('rejected');
    expect(lotReviewOf(false, 'pending')).toBe('pending');
    // A lot with no submission on record (made before submissions were kept) waits for review.
    expect(lotReviewOf(false, null)).toBe('pending');
  });

  it('explains a refused resubmission, and trims the note', () => {
    expect(notRejectedMessage('approved')).toBe('Only a rejected lot can be resubmitted; this one is approved.');
    expect(notRejectedMessage('pending')).toBe('Only a rejected lot can be resubmitted; this one is already waiting for review.');
    expect(resubmitSchema.parse({ notes: '  New photos  ' })).toEqual({ notes: 'New photos' });
    expect(resubmitSchema.safeParse({ notes: 'x'.repeat(1001) }).success).toBe(false);
  });
});
