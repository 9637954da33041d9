/**
 * The owner application's papers (docs/admin.md, Owner applications): what the applicant files and the
 * super admin reviews, shared by `PATCH /api/user/owner-application` and the application form.
 */
import { z } from 'zod';
import { OWNER_SIGNUP_ROLES } from './roles';

/**
 * The BIR's TIN as printed on a Certificate of Registration: nine digits and the three-digit branch code
 * (000 for the head office). The nine digits alone name no branch, so they are not taken.
 */
const TIN_PATTERN = /^\d{3}-\d{3}-\d{3}-\d{3}$/;
export const TIN_MESSAGE = 'Enter the TIN in the BIR format 123-456-789-000 (the last three digits are the branch code).';
export const APPLICATION_NOTES_MAX = 1000;

const paper = (missing: string, max: number) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `Keep it under ${max} characters.`);

export const ownerApplicationSchema = z.object({
  applicantRole: z.enum(OWNER_SIGNUP_ROLES, { error: 'Choose what you apply as.' }),
  businessName: paper('Enter the business name.', 120),
  businessLicense: paper('Enter the business permit or licence number.', 60),
  taxId: z.string({ error: TIN_MESSAGE }).trim().regex(TIN_PATTERN, TIN_MESSAGE),
  notes: z.string().trim().max(APPLICATION_NOTES_MAX, `The note can be at most ${APPLICATION_NOTES_MAX} characters.`).optional(),
});
export type OwnerApplicationPapers = z.infer<typeof ownerApplicationSchema>;

/** Why an application cannot be sent now; a pending one is edited in place, a rejected one sent again. */
export const APPLICATION_APPROVED = 'Your owner application was approved; there is nothing to send again.';
export const ALREADY_OWNER = 'Only a driver can apply to be an owner.';
