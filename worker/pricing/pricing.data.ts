import { eq } from 'drizzle-orm';
import type { PricingTier, PricingUpdate } from '../../core/pricing';
import { statementOf, type DB } from '../db/client';
import { pricing } from '../db/schema';

/** The statement that saves the lot's one pricing row, created on first save; a static rate clears the tiers. */
export function pricingStatement(d1: D1Database, db: DB, lotId: string, update: PricingUpdate) {
  const row = {
    strategy: update.strategy,
    baseRate: update.baseRate,
    currency: update.currency,
    progressiveJson: update.strategy === 'PROGRESSIVE' ? JSON.stringify(update.progressiveJson) : null,
    updatedAt: new Date().toISOString(),
  };
  return statementOf(d1, db.insert(pricing).values({ lotId, ...row }).onConflictDoUpdate({ target: pricing.lotId, set: row }));
}

/** A lot's pricing record as the spec names it, tiers parsed. */
export async function pricingRecord(db: DB, lotId: string) {
  const [row] = await db.select().from(pricing).where(eq(pricing.lotId, lotId));
  if (!row) return null;
  const { updatedAt: _, dynamicEnabled: _dynamic, progressiveJson, ...record } = row;
  return { ...record, progressiveJson: progressiveJson ? (JSON.parse(progressiveJson) as PricingTier[]) : null };
}
