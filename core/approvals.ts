/**
 * The super admin's review of owner applications, lot submissions and listing changes: pending → approved or
 * rejected, once. The server and the approvals screen share these words.
 */
import { z } from 'zod';

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The lists' status filter: one status, or `all`. Pending, what still awaits a decision, is the default. */
export const REVIEW_FILTERS = [...REVIEW_STATUSES, 'all'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export const REVIEW_FILTER_LABELS: Record<ReviewFilter, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  all: 'All Status',
};

export const DECISIONS = ['approve', 'reject'] as const;
export type Decision = (typeof DECISIONS)[number];

export const REVIEW_KINDS = ['owner', 'lot', 'listing'] as const;
/** The queues: owner applications, new lots, and listing changes of approved lots (docs/owner.md). */
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** What the super admin is told after a decision. */
export const DECISION_TOASTS: Record<ReviewKind, Record<Decision, { title: string; message: string }>> = {
  owner: {
    approve: { title: 'Owner Approved', message: 'The owner application has been approved successfully' },
    reject: { title: 'Owner Rejected', message: 'The owner application has been rejected successfully' },
  },
  lot: {
    approve: { title: 'Lot Approved', message: 'The lot submission has been approved successfully' },
    reject: { title: 'Lot Rejected', message: 'The lot submission has been rejected successfully' },
  },
  listing: {
    approve: { title: 'Listing Change Approved', message: 'Drivers now see the new listing' },
    reject: { title: 'Listing Change Rejected', message: 'The lot keeps its approved listing' },
  },
};

export const REJECT_REASON_MESSAGE = 'A reason is required to reject.';

/** A reason is trimmed, and required only to reject, so the applicant learns why; the dialog's Confirm and the server share this. */
export const trimmedReason = (reason: string | undefined) => reason?.trim() ?? '';
export const reasonMissing = (decision: Decision, reason: string | undefined) => decision === 'reject' && !trimmedReason(reason);

/**
 * Where a lot stands with the super admin, from its approval and its latest submission: a lot whose
 * latest submission was rejected is Rejected (its owner may edit and resubmit it), until then Pending.
 */
export type LotReview = 'approved' | 'pending' | 'rejected';
export const lotReviewOf = (isApproved: boolean, latest: ReviewStatus | null): LotReview =>
  isApproved ? 'approved' : latest === 'rejected' ? 'rejected' : 'pending';

export const LOT_REVIEW_LABELS: Record<LotReview, string> = { approved: 'Approved', pending: 'Pending Approval', rejected: 'Rejected' };

export const RESUBMIT_NOTES_MAX = 1000;
/** `POST /api/owner/lots/:id/resubmit`: an optional note to the reviewer, e.g. what was changed. */
export const resubmitSchema = z.object({
  notes: z.string().trim().max(RESUBMIT_NOTES_MAX, `The note can be at most ${RESUBMIT_NOTES_MAX} characters.`).optional(),
});

export const notRejectedMessage = (review: LotReview) =>
  `Only a rejected lot can be resubmitted; this one is ${review === 'approved' ? 'approved' : 'already waiting for review'}.`;
