/**
 * The lot objects brought in line with D1's records, all at once: each follows every reservation that
 * holds one of its slots from now on, and its walk-ins inside become D1's open walk-ins. The objects
 * follow each change as it is made; this is for records they never saw being made: the demo data,
 * loaded straight into D1 by `npm start` (docs/owner.md, "Demo history"), and, as a daily safety
 * net, anything a lost follow-up left behind. It uses the objects' own protocol (`follow`, `reconcileWalkIns`).
 */
import type { DB } from '../db/client';
import type { Bindings } from '../env';
import { lotObject } from '../lot-object/stub';
import { lotsWithWalkInsInside, openWalkIns, slotHoldingReservations } from './lot-timers.data';
import { bookingRecordOf } from './reservations.data';

export async function followLotRecords(env: Bindings, db: DB, now = new Date()) {
  const bookings = await slotHoldingReservations(db, now.toISOString());
  const lotIds = new Set([...bookings.map((row) => row.lotId), ...(await lotsWithWalkInsInside(db))]);
  for (const lotId of lotIds) {
    const lot = lotObject(env, lotId);
    for (const row of bookings.filter((booking) => booking.lotId === lotId)) await lot.follow(bookingRecordOf(row), now.getTime());
    await lot.reconcileWalkIns(await openWalkIns(db, lotId), now.getTime());
  }
  return { lots: lotIds.size, bookings: bookings.length };
}
