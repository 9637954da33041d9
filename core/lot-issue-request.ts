/** The requests of driver reports to a lot (core/lot-issues.ts has their rules), shared by the routes and the forms. */
import { z } from 'zod';
import { LOT_ISSUE_CATEGORIES, LOT_ISSUE_MESSAGE_MAX, LOT_ISSUE_TEXT_MAX, SLOT_TAKEN_CHOICES } from './lot-issues';

/** POST /api/lots/:id/issues. */
export const lotIssueSchema = z.object({
  category: z.enum(LOT_ISSUE_CATEGORIES, { error: 'Choose what the issue is about.' }),
  text: z
    .string({ error: 'Describe the issue.' })
    .trim()
    .min(1, 'Describe the issue.')
    .max(LOT_ISSUE_TEXT_MAX, `Keep the description under ${LOT_ISSUE_TEXT_MAX.toLocaleString('en')} characters.`),
  reservationId: z.uuid('Unknown reservation id').optional(),
});
export type LotIssueInput = z.infer<typeof lotIssueSchema>;

/** POST /api/lot-issues/:id/messages. */
export const issueMessageSchema = z.object({
  text: z
    .string({ error: 'Write a message.' })
    .trim()
    .min(1, 'Write a message.')
    .max(LOT_ISSUE_MESSAGE_MAX, `Keep the message under ${LOT_ISSUE_MESSAGE_MAX.toLocaleString('en')} characters.`),
});
export type IssueMessageInput = z.infer<typeof issueMessageSchema>;

/** POST /api/lot-issues/:id/status: staff move an issue forward. */
export const issueStatusSchema = z.object({
  status: z.enum(['acknowledged', 'resolved'], { error: "Say 'acknowledged' or 'resolved'." }),
});

/** POST /api/lot-issues/:id/slot-taken: the driver's choice when their slot was taken. */
export const slotTakenChoiceSchema = z.object({
  choice: z.enum(SLOT_TAKEN_CHOICES, { error: "Say 'refund' or 'move'." }),
});
