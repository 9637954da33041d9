/**
 * A handful of past price changes at three demo lots, within the demo history's six weeks (DEMO_HISTORY_DAYS), so
 * "Price changes and what followed" (docs/owner.md) shows figures on a fresh `npm start`. Each lot's
 * changes end at the price it has now, so the record is the past of today's prices:
 * - Eastwood City Parking prices three bands of its own (dynamic pricing on), far enough apart for an estimate;
 * - Bonifacio High Street Parking (first by name, so the dashboard opens on it) cut its base rate and
 *   put it back: two changes, too few for an estimate;
 * - UP Town Center Parking put its rate back up two weeks ago: its 4 weeks after are not over.
 */
import { eq } from 'drizzle-orm';
import type { AppliedBandRates } from '../../core/dynamic-pricing';
import { manilaDayIndex, manilaDayIndexStart, type PriceBand } from '../../core/price-bands';
import { HOUR_MS } from '../../core/time';
import type { DB } from '../db/client';
import { newId } from '../db/ids';
import { priceChanges, pricing } from '../db/schema';
import type { SeedStatement } from './seed';

type DemoChange = { daysAgo: number; band: PriceBand | null; fromShare: number; toShare: number };

/**
 * Each change as shares of the lot's rate today (1 is today's rate). A change is counted with 4 weeks
 * after it and a week before, inside the history's six weeks: so Eastwood's are 30–34 days ago.
 */
const DEMO_CHANGES: Record<string, DemoChange[]> = {
  'Eastwood City Parking': [
    { daysAgo: 34, band: 'weekday-morning', fromShare: 1, toShare: 1.1 },
    { daysAgo: 32, band: 'weekday-evening', fromShare: 1, toShare: 0.9 },
    { daysAgo: 30, band: 'weekend-midday', fromShare: 1, toShare: 1.1 },
  ],
  'Bonifacio High Street Parking': [
    { daysAgo: 33, band: null, fromShare: 1, toShare: 0.9 },
    { daysAgo: 12, band: null, fromShare: 0.9, toShare: 1 },
  ],
  'UP Town Center Parking': [{ daysAgo: 15, band: null, fromShare: 0.9, toShare: 1 }],
};

/** On whole ₱5, as an owner's rates are. */
const rateOf = (rateCents: number, share: number) => Math.round((rateCents * share) / 500) * 500;

/** The demo lots' price changes, and the band rates they leave applied; `lots` are the seeded lots by name. */
export function demoPriceChanges(db: DB, lots: { id: string; name: string; rateCents: number }[], now = new Date()): SeedStatement[] {
  const today = manilaDayIndex(now.getTime());
  return lots.flatMap((lot) => {
    const changes = DEMO_CHANGES[lot.name];
    if (!changes) return [];
    // Mid-morning, Manila time, of the day.
    const at = (daysAgo: number) => new Date(manilaDayIndexStart(today - daysAgo) + 10 * HOUR_MS).toISOString();
    const rows = changes.map((change) => ({
      id: newId(),
      lotId: lot.id,
      band: change.band,
      fromCents: rateOf(lot.rateCents, change.fromShare),
      toCents: rateOf(lot.rateCents, change.toShare),
      changedAt: at(change.daysAgo),
    }));
    const bands: AppliedBandRates = Object.fromEntries(
      rows.filter((row) => row.band).map((row) => [row.band, { rateCents: row.toCents, appliedAt: row.changedAt }]),
    );
    return [
      db.insert(priceChanges).values(rows),
      ...(Object.keys(bands).length
        ? [
            db
              .update(pricing)
              .set({ dynamicEnabled: true, bandRatesJson: JSON.stringify(bands) })
              .where(eq(pricing.lotId, lot.id)),
          ]
        : []),
    ];
  });
}
