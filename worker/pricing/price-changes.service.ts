/**
 * `GET /api/owner/reports/price-changes?lotId=`: each price change of a lot with the occupancy and money
 * of the hours it applies to, 4 weeks before and after, and the elasticity pooled over the changes
 * (core/elasticity.ts; docs/owner.md, "Price changes and what followed").
 */
import { CHANGE_WINDOW_DAYS, changeFigures, changeWindows, MIN_CHANGES_FOR_ELASTICITY, pooledElasticity } from '../../core/elasticity';
import { lotHours } from '../../core/lot-json';
import { manilaDayIndex } from '../../core/price-bands';
import type { DB } from '../db/client';
import type { SessionUser } from '../env';
import { assertManagesLot } from '../lots/lots.service';
import { firstRecordedDay, heldInWindows, priceChangesOf } from './price-changes.data';
import { dynamicPricingLots } from './pricing.data';

export async function priceChangeReport(db: DB, user: SessionUser, lotId: string, now: Date) {
  await assertManagesLot(db, user, lotId);
  const [[lot], changes, firstDay] = await Promise.all([
    dynamicPricingLots(db, { lotId }),
    priceChangesOf(db, lotId),
    firstRecordedDay(db, lotId),
  ]);
  // Records begin with the lot, or earlier when its history was imported.
  const recordsBegin = Math.min(manilaDayIndex(Date.parse(lot.createdAt)), firstDay ?? Infinity);
  const windows = changeWindows(changes, lotHours(lot), recordsBegin, manilaDayIndex(now.getTime()));
  const held = await heldInWindows(
    db,
    lotId,
    windows.flatMap(({ before, after, mask }) => [
      { range: before, mask },
      { range: after, mask },
    ]),
  );
  const figures = windows.map((window, i) => changeFigures(window, held[2 * i], held[2 * i + 1], lot.totalSlots));
  return {
    lotId,
    lotName: lot.name,
    windowDays: CHANGE_WINDOW_DAYS,
    minChanges: MIN_CHANGES_FOR_ELASTICITY,
    elasticity: pooledElasticity(figures),
    changes: figures.reverse(),
  };
}
