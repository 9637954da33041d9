/**
 * Adding an attendant to a lot (`POST /api/owner/lots/{id}/attendants`), shared by the owner's dialog
 * and the worker. The names are used only when the e-mail has no account yet and one is created.
 */
import { z } from 'zod';
import { emailSchema } from './signup';

const name = (label: string) => z.string().trim().max(80, `${label} is too long (80 characters at most).`).optional();

export const attendantAddSchema = z.object({
  email: emailSchema,
  firstName: name('First name'),
  lastName: name('Last name'),
});
export type AttendantAdd = z.output<typeof attendantAddSchema>;

export const NAMES_FOR_NEW_ACCOUNT = 'This e-mail has no Parkada account yet. Give the attendant’s first and last name to create one.';

/** An invitation to work a lot's gate: pending until the invited person accepts or declines it, or the owner withdraws it. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
