import { REVIEW_FILTERS, REVIEW_KINDS, type ReviewFilter, type ReviewKind } from '../../../core/approvals';

/** The approvals screen's filter and tab live in the URL, so a filtered queue is a link. Defaults: Pending, Owner Applications. */
export type ApprovalsSearch = { status: ReviewFilter; tab: ReviewKind };

export const approvalsSearch = (raw: Record<string, unknown>): ApprovalsSearch => ({
  status: REVIEW_FILTERS.includes(raw.status as ReviewFilter) ? (raw.status as ReviewFilter) : 'pending',
  tab: REVIEW_KINDS.includes(raw.tab as ReviewKind) ? (raw.tab as ReviewKind) : 'owner',
});
