/**
 * Closed periods archived to R2 (docs/payments.md, Archive): one object per kind of record, lot and
 * Manila month, its rows as gzip-compressed NDJSON, listed in D1's `archived_periods`.
 */
import { CHARGES_HOT_MS, RESERVATION_HOT_MS } from './scale';
import { previousMonth } from './statements';
import { manilaMonthOf } from './time';

export const ARCHIVED_KINDS = ['charges', 'reservations'] as const;
export type ArchivedKind = (typeof ARCHIVED_KINDS)[number];

/** One archived period: a kind of record of one lot in one Manila month ("YYYY-MM"). */
export type Period = { kind: ArchivedKind; lotId: string; month: string };

/** Where a period's object lives in the ARCHIVE bucket. */
export const periodKey = ({ kind, lotId, month }: Period) => `${kind}/${lotId}/${month}.ndjson.gz`;

/** The latest Manila month that had ended by the instant `at`. */
export const lastMonthEndedBy = (at: number) => previousMonth(manilaMonthOf(at));

/** Charges made before this instant (ISO) may leave D1 at `now`, once their booking is over. */
export const archivableChargesBefore = (now: number) => new Date(now - CHARGES_HOT_MS).toISOString();

/** Reservations that are over: a charge of theirs may leave D1 once it is old enough. */
export const OVER_STATUSES = ['COMPLETED', 'CANCELLED', 'EXPIRED'] as const;

/** Bookings that ended before this instant (ISO) may leave D1 at `now`, once over. */
export const archivableBookingsEndBefore = (now: number) => new Date(now - RESERVATION_HOT_MS).toISOString();
