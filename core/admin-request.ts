/** The super admin's decisions on people and lots (worker/admin): the same schemas check the admin's forms. */
import { z } from 'zod';
import { ROLES } from './roles';

const REASON_MAX = 1000;

/** The reason an admin may give for a decision; it goes into the audit log. */
export const adminReasonSchema = z.object({
  reason: z.string({ error: 'reason must be text.' }).max(REASON_MAX, `Keep the reason under ${REASON_MAX} characters.`).optional(),
});

export const roleSchema = z.enum(ROLES, { error: `role must be one of: ${ROLES.join(', ')}.` });

/** PATCH /api/admin/users/:id/role: the new role, with the optional reason. */
export const roleChangeSchema = adminReasonSchema.extend({ role: roleSchema });
