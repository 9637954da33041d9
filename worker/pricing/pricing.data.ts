import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppliedBandRates } from '../../core/dynamic-pricing';
import { DEFAULT_RATE_CENTS } from '../../core/money';
import type { PricingTier } from '../../core/pricing';
import type { PricingUpdate } from '../../core/pricing-request';
import type { RateCard } from '../../core/rate-card';
import { statementOf, type DB } from '../db/client';
import { afterCursorAscending, alphabetical, rowsToRead, type PageRequest } from '../db/pages';
import { lots, pricing, slots } from '../db/schema';

/**
 * The statement that saves the lot's one pricing row, created on first save; a static rate clears the
 * tiers. A rate card keeps the base rate (and the band rates) for when the lot goes back to it.
 */
export function pricingStatement(db: DB, lotId: string, update: PricingUpdate) {
  if (update.strategy === 'RATE_CARD') {
    const row = {
      strategy: update.strategy,
      currency: update.currency,
      progressiveJson: null,
      rateCardJson: JSON.stringify(update.rateCard),
    };
    const saved = { ...row, updatedAt: new Date().toISOString() };
    return statementOf(
      db,
      db
        .insert(pricing)
        .values({ lotId, ...saved })
        .onConflictDoUpdate({ target: pricing.lotId, set: saved }),
    );
  }
  const row = {
    strategy: update.strategy,
    baseRate: update.baseRate,
    currency: update.currency,
    progressiveJson: update.strategy === 'PROGRESSIVE' ? JSON.stringify(update.progressiveJson) : null,
    updatedAt: new Date().toISOString(),
  };
  // Band rates were set around the old base rate: a new base starts them over.
  const bandRatesJson = sql`CASE WHEN ${pricing.baseRate} = ${update.baseRate} THEN ${pricing.bandRatesJson} END`;
  return statementOf(
    db,
    db
      .insert(pricing)
      .values({ lotId, ...row })
      .onConflictDoUpdate({ target: pricing.lotId, set: { ...row, bandRatesJson } }),
  );
}

/** A lot's pricing row as stored, or undefined when it has none. */
export const pricingRow = async (db: DB, lotId: string) => (await db.select().from(pricing).where(eq(pricing.lotId, lotId)))[0];

/** A lot's pricing record as the spec names it, tiers parsed. */
export async function pricingRecord(db: DB, lotId: string) {
  const row = await pricingRow(db, lotId);
  if (!row) return null;
  const {
    updatedAt: _,
    dynamicEnabled: _dynamic,
    bandRatesJson: _bands,
    waiversJson: _waivers,
    progressiveJson,
    rateCardJson,
    ...record
  } = row;
  return {
    ...record,
    progressiveJson: progressiveJson ? (JSON.parse(progressiveJson) as PricingTier[]) : null,
    rateCard: rateCardJson ? (JSON.parse(rateCardJson) as RateCard) : null,
  };
}

/** Lots with their pricing switch; with `page`, a page by name of those whose switch is on. */
export function dynamicPricingLots(db: DB, where: { lotId?: string; ownerId?: string | null; page?: PageRequest }) {
  return db
    .select({
      id: lots.id,
      name: lots.name,
      createdAt: lots.createdAt,
      hoursJson: lots.hoursJson,
      baseRate: sql<number>`coalesce(${pricing.baseRate}, ${DEFAULT_RATE_CENTS})`,
      dynamicEnabled: sql<boolean>`coalesce(${pricing.dynamicEnabled}, 0) = 1`.mapWith(Boolean),
      bandRatesJson: pricing.bandRatesJson,
      totalSlots: sql<number>`(select count(*) from ${slots} where ${slots.lotId} = ${lots.id} and ${slots.active} = 1)`,
    })
    .from(lots)
    .leftJoin(pricing, eq(pricing.lotId, lots.id))
    .where(
      and(
        where.lotId ? eq(lots.id, where.lotId) : undefined,
        where.ownerId ? eq(lots.ownerId, where.ownerId) : undefined,
        where.page ? eq(pricing.dynamicEnabled, true) : undefined,
        afterCursorAscending(lots.name, lots.id, where.page?.cursor),
      ),
    )
    .orderBy(...alphabetical(lots.name, lots.id))
    .limit(where.page ? rowsToRead(where.page) : -1);
}
export type DynamicPricingLot = Awaited<ReturnType<typeof dynamicPricingLots>>[number];

/** The Enable AI Pricing switch, on the lot's pricing row (made at the default rate if the lot has none). */
export const dynamicToggleStatement = (db: DB, lotId: string, enabled: boolean) =>
  statementOf(
    db,
    db
      .insert(pricing)
      .values({ lotId, dynamicEnabled: enabled })
      .onConflictDoUpdate({ target: pricing.lotId, set: { dynamicEnabled: enabled, updatedAt: new Date().toISOString() } }),
  );

/** Writes the band rates only if they are still those read (`abortUnlessChanged` follows it), so two applies never lose one. */
export const bandRatesStatement = (db: DB, lotId: string, read: string | null, rates: AppliedBandRates) =>
  statementOf(
    db,
    db
      .update(pricing)
      .set({ bandRatesJson: JSON.stringify(rates), updatedAt: new Date().toISOString() })
      .where(and(eq(pricing.lotId, lotId), read === null ? isNull(pricing.bandRatesJson) : eq(pricing.bandRatesJson, read))),
  );
