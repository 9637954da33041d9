/** POST /api/admin/lots/:id/unlist and /list (core/lot-sale.ts): the same schema checks the admin's form. */
import { z } from 'zod';

const LISTING_REASON_MAX = 1000;
const REASON_MISSING = 'Give a reason: the owner reads it on the lot.';

export const listingReasonSchema = z.object({
  reason: z
    .string({ error: REASON_MISSING })
    .trim()
    .min(1, REASON_MISSING)
    .max(LISTING_REASON_MAX, `Keep the reason under ${LISTING_REASON_MAX.toLocaleString('en-PH')} characters.`),
});
