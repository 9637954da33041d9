/** The requests of support (core/support.ts has their rules), shared by the routes and the forms. */
import { z } from 'zod';
import { SUPPORT_CATEGORIES, SUPPORT_SUBJECT_MAX, SUPPORT_TEXT_MAX } from './support';

const messageText = z
  .string({ error: 'Write a message.' })
  .trim()
  .min(1, 'Write a message.')
  .max(SUPPORT_TEXT_MAX, `Keep the message under ${SUPPORT_TEXT_MAX.toLocaleString('en')} characters.`);

/** POST /api/support. */
export const supportRequestSchema = z.object({
  category: z.enum(SUPPORT_CATEGORIES, { error: 'Choose what your request is about.' }),
  subject: z
    .string({ error: 'Give your request a subject.' })
    .trim()
    .min(1, 'Give your request a subject.')
    .max(SUPPORT_SUBJECT_MAX, `Keep the subject under ${SUPPORT_SUBJECT_MAX} characters.`),
  text: messageText,
});
export type SupportRequestInput = z.infer<typeof supportRequestSchema>;

/** POST /api/support/:id/messages and POST /api/admin/support/:id/messages. */
export const supportMessageSchema = z.object({ text: messageText });
export type SupportMessageInput = z.infer<typeof supportMessageSchema>;
