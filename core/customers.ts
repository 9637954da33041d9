/**
 * Who the owner's Customers tab counts (docs/owner.md, "Reports"): a driver who booked at the lots on a
 * day of the range (a booking not cancelled starting that day), new unless they booked there before it,
 * and the top spenders by the money received from their bookings in the range. The sums come in parts
 * (D1's recent days, each lot object's older ones) and are added here.
 */

/** A driver's sums over a range's days at some lots, and whether they booked on one of those days. */
export type CustomerTotal = { userId: string; bookings: number; cents: number; booked: boolean };

/** Each driver's parts added up: booked when any part was. */
export function totalsByDriver(parts: CustomerTotal[]): CustomerTotal[] {
  const byDriver = new Map<string, CustomerTotal>();
  for (const part of parts) {
    const sum = byDriver.get(part.userId);
    byDriver.set(
      part.userId,
      sum ? { ...sum, bookings: sum.bookings + part.bookings, cents: sum.cents + part.cents, booked: sum.booked || part.booked } : part,
    );
  }
  return [...byDriver.values()];
}

const byMoney = (a: CustomerTotal, b: CustomerTotal) => b.cents - a.cents;

/** The drivers who may be among the `limit` who paid the most: everyone who paid as much as the last of them (ties are ordered by e-mail). */
export function topCandidates(drivers: CustomerTotal[], limit: number): CustomerTotal[] {
  const paid = drivers.filter((driver) => driver.cents > 0).sort(byMoney);
  const least = paid[limit - 1]?.cents ?? 0;
  return paid.filter((driver) => driver.cents >= least);
}

/** The `limit` who paid the most, more first, then by e-mail. */
export function topSpenders(candidates: CustomerTotal[], emails: Map<string, string>, limit: number) {
  return (
    candidates
      .map((driver) => ({ ...driver, email: emails.get(driver.userId) ?? '' }))
      // E-mails in code-unit order, as SQLite's BINARY collation ordered them before.
      .sort((a, b) => byMoney(a, b) || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0))
      .slice(0, limit)
  );
}
