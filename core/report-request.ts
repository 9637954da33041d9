/**
 * The owner report's filter as the API takes it, apart from the figures' rules in ./owner-figures so
 * that screens which only need the rules do not load the validator.
 */
import { z } from 'zod';
import { REPORT_MAX_DAYS } from './owner-figures';
import { daysBetween, isCalendarDate } from './time';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `GET /api/owner/reports`: a location (all the owner's lots when absent) and Manila days, both included. */
export const reportFilterSchema = z
  .object({
    lotId: z.uuid('Unknown lot id').optional(),
    from: z.string().regex(DAY, 'from must be a date like 2026-11-23.'),
    to: z.string().regex(DAY, 'to must be a date like 2026-11-23.'),
  })
  .refine((f) => isCalendarDate(f.from) && isCalendarDate(f.to), 'That is not a calendar date.')
  .refine((f) => f.from <= f.to, 'The start date must be on or before the end date.')
  .refine(
    (f) => daysBetween(f.from, f.to) <= REPORT_MAX_DAYS,
    `A report covers at most three years (${REPORT_MAX_DAYS.toLocaleString('en-PH')} days).`,
  );
export type ReportFilter = z.infer<typeof reportFilterSchema>;
