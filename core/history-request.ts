/**
 * The history filters as the API takes them, apart from the rules in ./history so that screens which
 * only need the rules do not load the validator.
 */
import { z } from 'zod';
import { RESERVATION_STATUSES } from './booking';
import { HISTORY_RANGES, type HistoryFilter, type HistoryRange } from './history';

const RANGE_KEYS = Object.keys(HISTORY_RANGES) as [HistoryRange, ...HistoryRange[]];

/** The filters as query parameters of `GET /api/reservations` and `GET /api/receipts` (all optional). */
export const historyQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search text is too long (100 characters at most).').optional(),
  status: z.enum(RESERVATION_STATUSES, { error: `status must be one of: ${RESERVATION_STATUSES.join(', ')}.` }).optional(),
  range: z.enum(RANGE_KEYS, { error: `range must be one of: ${RANGE_KEYS.join(', ')}.` }).optional(),
});

export const historyFilterOf = (query: z.output<typeof historyQuerySchema>): HistoryFilter => ({
  search: query.q ?? '',
  status: query.status ?? 'all',
  range: query.range ?? 'all',
});
