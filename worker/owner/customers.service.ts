/**
 * The report's Customers tab, a request of its own (docs/owner.md, "Reports"): drivers are counted one
 * by one over the range, from D1's recent days and, for the days moved (docs/owner.md, "Rollups"), each
 * lot's object, asked in parallel. Every day counts once: a fold on its way as D1's outbox rows unless
 * the object says it has added that fold, and a read that raced a fold (an object holds a fold made
 * after D1 was read, from rows that read still found in D1) is made again.
 */
import { topCandidates, topSpenders, totalsByDriver, type CustomerTotal } from '../../core/customers';
import { maskEmail } from '../../core/person';
import { refusal } from '../../core/refusal';
import type { ReportFilter } from '../../core/report-request';
import type { DB } from '../db/client';
import type { Bindings } from '../env';
import { lotObject } from '../lot-object/stub';
import { customerDaysInD1, knownCustomers, type LotScope } from './figures.data';

const TOP_CUSTOMERS = 5;
/** Reads a report makes before it gives up on a fold running at that very moment. */
const READS = 3;

/** Each driver's sums over the days, D1's and the objects' parts added; null when the read raced a fold. */
async function driverTotals(env: Bindings, db: DB, scope: LotScope, { from, to }: ReportFilter): Promise<CustomerTotal[] | null> {
  const inD1 = await customerDaysInD1(db, scope, { from, to });
  const moved = await Promise.all(
    inD1.lotIds.map(async (lotId) => {
      const pending = [...new Set(inD1.rows.flatMap((row) => (row.lotId === lotId && row.foldId !== null ? [row.foldId] : [])))];
      const { drivers, applied, newest } = await lotObject(env, lotId).customerTotals({ from, to, pending });
      return { drivers, added: applied.map((foldId) => `${lotId} ${foldId}`), raced: newest !== null && newest > inD1.lastFoldId };
    }),
  );
  if (moved.some((lot) => lot.raced)) return null;
  const added = new Set(moved.flatMap((lot) => lot.added));
  const stillInD1 = inD1.rows.filter((row) => row.foldId === null || !added.has(`${row.lotId} ${row.foldId}`));
  return totalsByDriver([
    ...stillInD1.map((row) => ({ userId: row.userId, bookings: row.bookings, cents: row.cents, booked: row.booked > 0 })),
    ...moved.flatMap((lot) => lot.drivers),
  ]);
}

export async function customerReport(env: Bindings, db: DB, scope: LotScope, filter: ReportFilter) {
  let drivers: CustomerTotal[] | null = null;
  for (let read = 0; read < READS && !drivers; read++) drivers = await driverTotals(env, db, scope, filter);
  if (!drivers) throw refusal('unavailable', 'The customer figures are being updated. Please try again in a moment.');
  const booked = drivers.filter((driver) => driver.booked).map((driver) => driver.userId);
  const candidates = topCandidates(drivers, TOP_CUSTOMERS);
  const { earlier, emails } = await knownCustomers(
    db,
    scope,
    filter.from,
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
