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
