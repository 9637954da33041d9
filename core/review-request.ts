/** The reviews requests as the API takes them (docs/reviews.md): the same schemas check the forms. */
import { z } from 'zod';
import { MAX_RATING, MIN_RATING, MODERATION_REASON_MAX, REPLY_TEXT_MAX, REPORT_REASON_MAX, REVIEW_TEXT_MAX } from './reviews';

const RATING_MESSAGE = `Choose a rating from ${MIN_RATING} to ${MAX_RATING} stars.`;

/** POST and PATCH /api/reservations/:id/review (and /api/monthly-passes/:id/review). Empty text is no text. */
export const reviewSchema = z.object({
  rating: z.number({ error: RATING_MESSAGE }).int(RATING_MESSAGE).min(MIN_RATING, RATING_MESSAGE).max(MAX_RATING, RATING_MESSAGE),
  text: z
    .string({ error: 'The review text must be text.' })
    .trim()
    .max(REVIEW_TEXT_MAX, `A review has at most ${REVIEW_TEXT_MAX.toLocaleString('en-PH')} characters.`)
    .optional()
    .transform((text) => text || undefined),
});
export type Review = z.output<typeof reviewSchema>;

const requiredText = (what: string, max: number) =>
  z
    .string({ error: `Write ${what}.` })
    .trim()
    .min(1, `Write ${what}.`)
    .max(max, `${what[0].toUpperCase()}${what.slice(1)} has at most ${max.toLocaleString('en-PH')} characters.`);

/** POST /api/owner/reviews/:id/reply: a second one edits the reply. */
export const replySchema = z.object({ text: requiredText('a reply', REPLY_TEXT_MAX) });

/** POST /api/reviews/:id/report. */
export const reportSchema = z.object({ reason: requiredText('a reason', REPORT_REASON_MAX) });

/** POST /api/admin/reviews/:id/hide and /keep. */
export const moderationSchema = z.object({ reason: requiredText('a reason', MODERATION_REASON_MAX) });
/** The Rate your stay form: no star chosen yet is a value the schema refuses with its own message. */
export type ReviewForm = { rating?: number; text?: string };
