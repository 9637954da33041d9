/** What other domains' batches take of rewards (docs/architecture.md, the layering rule). */
import { eq } from 'drizzle-orm';
import { statementOf, type DB } from '../db/client';
import { rewardVouchers } from '../db/schema';

/** A cancelled booking's voucher back to its driver, unused (its expiry unchanged). */
export const returnVoucherStatement = (db: DB, reservationId: string) =>
  statementOf(
    db,
    db
      .update(rewardVouchers)
      .set({ usedAt: null, reservationId: null, lotId: null, amountOffCents: null })
      .where(eq(rewardVouchers.reservationId, reservationId)),
  );
