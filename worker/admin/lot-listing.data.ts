/** Parkada's unlisting of an approved lot in D1 (core/lot-sale.ts). */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { statementOf, type DB } from '../db/client';
import { lots } from '../db/schema';

/**
 * Unlists the lot (with when and why) or lists it again (`null`), as a statement of the change's batch:
 * only an approved lot, only from the other state (else it changes nothing, for `abortUnlessChanged`).
 */
export const setUnlisted = (db: DB, lotId: string, unlisted: { at: string; reason: string } | null) =>
  statementOf(
    db,
    db
      .update(lots)
      .set({ unlistedAt: unlisted?.at ?? null, unlistedReason: unlisted?.reason ?? null })
      .where(and(eq(lots.id, lotId), eq(lots.isApproved, true), unlisted ? isNull(lots.unlistedAt) : isNotNull(lots.unlistedAt))),
  );
