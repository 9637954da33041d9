/**
 * An owner's static or progressive price for a lot. A new price quotes new bookings only: a
 * reservation keeps the price it was sold at (docs/pricing.md).
 */
import type { PricingUpdate } from '../../core/pricing-request';
import { cardHourCents } from '../../core/rate-card';
import { refusal } from '../../core/refusal';
import { auditStatement } from '../audit/audit.data';
import { commit, type DB } from '../db/client';
import type { SessionUser } from '../env';
import { assertManagesLot } from '../lots/lots.service';
import { baseRateChangeStatement, clearedBandChangesStatement } from './price-changes.data';
import { pricingRecord, pricingStatement } from './pricing.data';

/** The change, its record among the lot's price changes (when the base rate moves, with the band rates it clears) and its UPDATE_PRICING audit entry (what it was, what it became) commit together. */
export async function updatePricing(db: DB, owner: SessionUser, lotId: string, update: PricingUpdate) {
  await assertManagesLot(db, owner, lotId);
  if (update.lotId && update.lotId !== lotId) throw refusal('invalid', 'The lotId in the body must match the lot in the path');
  const before = await pricingRecord(db, lotId);
  const now = new Date();
  const card = update.strategy === 'RATE_CARD';
  const hourCents = card ? cardHourCents(update.rateCard) : update.baseRate;
  await commit(db, [
    baseRateChangeStatement(db, lotId, hourCents, now),
    ...(card ? [] : [clearedBandChangesStatement(db, lotId, update.baseRate, now)]),
    pricingStatement(db, lotId, update),
    auditStatement(db, owner, {
      action: 'UPDATE_PRICING',
      subject: `lot:${lotId}`,
      context: {
        from: before && { strategy: before.strategy, baseRate: before.baseRate, tiers: before.progressiveJson, rateCard: before.rateCard },
        to: {
          strategy: update.strategy,
          baseRate: card ? before?.baseRate : update.baseRate,
          tiers: update.strategy === 'PROGRESSIVE' ? update.progressiveJson : null,
          rateCard: card ? update.rateCard : null,
        },
      },
    }),
  ]);
  return pricingRecord(db, lotId);
}
