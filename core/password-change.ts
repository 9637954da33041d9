/** Changing one's password (`POST /api/auth/password`). */
import { z } from 'zod';
import { passwordSchema } from './signup';

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: 'Please enter your current password.' }).min(1, 'Please enter your current password.').max(128),
    newPassword: passwordSchema,
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    message: 'Choose a new password, not the one you have now.',
    path: ['newPassword'],
  });

const PASSWORDS_DIFFER = 'The two passwords do not match.';

/**
 * A form that asks for a new password twice: `schema`'s own rules, and a `confirmation` equal to its
 * `field`. The confirmation stays in the form; the request is `schema`'s.
 */
export const withConfirmation = <Output extends object, Input extends object>(schema: z.ZodType<Output, Input>, field: keyof Output) =>
  z
    .intersection(schema, z.object({ confirmation: z.string() }))
    .refine((values) => values[field] === values.confirmation, { message: PASSWORDS_DIFFER, path: ['confirmation'] });
