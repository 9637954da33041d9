/**
 * Lists that grow without bound (reservations, receipts, notifications, the wallet ledger) come in
 * pages: `limit` items (PAGE_SIZE unless asked, MAX_PAGE_SIZE at most) and an opaque `nextCursor` to
 * ask for the next page with, null after the last one.
 */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export type Page<T> = { items: T[]; nextCursor: string | null };

/** Lots per page of an owner's lot list: each lot costs a call to its lot object. */
export const OWNER_LOTS_PAGE = 50;
/** Lots per page of dynamic pricing suggestions: each lot's four weeks of occupancy are read. */
export const SUGGESTION_LOTS_PAGE = 20;
