/**
 * A lot on sale (docs/booking.md, On sale): approved by Parkada, switched on by its owner, not
 * unlisted by Parkada, and its owner not suspended. Only a lot on sale is found by search and makes a
 * new sale: a booking, a change of its window or an extension (more time is a new sale), a monthly
 * pass or its renewal, a pay code. What was sold is honoured: check-in and check-out, cancellations
 * and their refunds, a taken slot's refund or move. The condition itself is one SQL expression
 * (worker/db/lot-sale.ts), read by search and by every sale.
 */

/** The refusal of a new sale at a lot that is not on sale; it does not say why (a suspension is the owner's business). */
export const lotUnavailable = (lotName: string) => `${lotName} is unavailable: it is not taking new bookings right now.`;

/** Parkada unlists an approved lot, or lists it again (POST /api/admin/lots/:id/unlist|list), with a reason. */
export type ListingAction = 'unlist' | 'list';

/** Why the super admin cannot take this action on the lot now, or null: only an approved lot, only into the other state. */
export function listingActionProblem(lot: { isApproved: boolean; unlistedAt: string | null }, action: ListingAction): string | null {
  if (!lot.isApproved) return 'Only an approved lot can be unlisted or listed again.';
  if (action === 'unlist' && lot.unlistedAt) return 'This lot is already unlisted.';
  if (action === 'list' && !lot.unlistedAt) return 'This lot is listed already.';
  return null;
}

/** What the owner reads on the lot's card while Parkada keeps it unlisted. */
export const unlistedNote = (reason: string | null) => `Unlisted by Parkada: ${reason ?? 'no reason was given.'}`;
