/**
 * The report's Customers tab, a request of its own (docs/owner.md, "Reports"): drivers are counted one
 * by one over the range, from D1's recent days and, for the days moved (docs/owner.md, "Rollups"), each
 * lot's object, asked in parallel. A fold on its way counts once: D1's outbox rows, unless the object
 * says it has added that fold.
 */
import { topCandidates, topSpenders, totalsByDriver } from '../../core/customers';
import { maskEmail } from '../../core/person';
import type { ReportFilter } from '../../core/report-request';
import type { DB } from '../db/client';
import type { Bindings } from '../env';
import { lotObject } from '../lot-object/stub';
import { customerDaysInD1, knownCustomers, type LotScope } from './figures.data';

const TOP_CUSTOMERS = 5;

export async function customerReport(env: Bindings, db: DB, scope: LotScope, { from, to }: ReportFilter) {
  const inD1 = await customerDaysInD1(db, scope, { from, to });
  const moved = await Promise.all(
    inD1.lotIds.map(async (lotId) => {
      const pending = [...new Set(inD1.rows.flatMap((row) => (row.lotId === lotId && row.foldId ? [row.foldId] : [])))];
      const { drivers, applied } = await lotObject(env, lotId).customerTotals({ from, to, pending });
      return { drivers, added: applied.map((foldId) => `${lotId} ${foldId}`) };
    }),
  );
  const added = new Set(moved.flatMap((lot) => lot.added));
  const stillInD1 = inD1.rows.filter((row) => row.foldId === null || !added.has(`${row.lotId} ${row.foldId}`));
  const drivers = totalsByDriver([
    ...stillInD1.map((row) => ({ userId: row.userId, bookings: row.bookings, cents: row.cents, booked: row.booked > 0 })),
    ...moved.flatMap((lot) => lot.drivers),
  ]);
  const booked = drivers.filter((driver) => driver.booked).map((driver) => driver.userId);
  const candidates = topCandidates(drivers, TOP_CUSTOMERS);
  const { earlier, emails } = await knownCustomers(
    db,
    scope,
    from,
    booked,
    candidates.map((driver) => driver.userId),
  );
  const first = booked.filter((userId) => !earlier.has(userId)).length;
  return {
    customers: booked.length,
    new: first,
    repeat: booked.length - first,
    top: topSpenders(candidates, emails, TOP_CUSTOMERS).map((row) => ({
      email: maskEmail(row.email),
      bookings: row.bookings,
      spend: row.cents,
    })),
  };
}
