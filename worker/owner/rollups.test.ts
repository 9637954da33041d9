/**
 * The lot rollups (migrations/0020) against a recount, in plain TypeScript, of the records they
 * count, after random writes of every kind the product (or an import) makes: inserts, status
 * changes, moved and extended stays, walk-ins leaving, undone and linked to a driver, gate refunds,
 * monthly passes sold, deletions. Each record's share follows the definitions in figures.data.ts.
 */
import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eachOpenHour, openWeekMask, STAY_LENGTH_BOUNDS, type StaySpan } from '../../core/owner-figures';
import { addDays, DAY_MS, manilaDateStart } from '../../core/time';
import { newId } from '../db/ids';
import { ALWAYS } from '../test/booking-fixtures';
import { db } from '../test/helpers';
import { run } from '../test/raw-records';
import {
  bookingDays,
  bookingsByDay,
  moneyByLot,
  heldInOpenHoursQuery,
  moneyTotal,
  rolledStayHours,
  stayHours,
  staySpans,
  type BookingDay,
  type Days,
} from './figures.data';
import { BASE, fixtures, iso, recordWrites, recount, rollups, write, type Fixtures, type Ids } from '../test/rollup-records';

const OFFICE_HOURS = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [day, { open: '08:00', close: '18:00' }]),
);

/** A range of whole Manila days in or around the writes. */
const days = fc
  .record({ first: fc.integer({ min: -2, max: 16 }), length: fc.integer({ min: 1, max: 10 }) })
  .map(({ first, length }) => ({ from: addDays('2026-03-01', first), to: addDays('2026-03-01', first + length - 1) }));

/** What the reports read for whole days equals what the records give for the same window. */
async function expectReadsEqualRecords({ ownerId, lotId }: Fixtures, range: Days) {
  const scope = { ownerId, lotId };
  const window = { from: manilaDateStart(range.from), to: manilaDateStart(addDays(range.to, 1)) };
  const now = new Date(BASE + 20 * DAY_MS);
  const rolledMoney = await moneyByLot(db(), scope, range);
  expect(rolledMoney[0]?.cents ?? 0).toBe(await moneyTotal(db(), scope, window));
  const byDay = (rows: BookingDay[]) => Object.fromEntries(rows.map(({ day, ...row }) => [day, row]));
  expect(byDay(await bookingDays(db(), scope, range, STAY_LENGTH_BOUNDS))).toEqual(
    byDay(await bookingsByDay(db(), scope, window, STAY_LENGTH_BOUNDS)),
  );
  const held = async (spans: StaySpan[]) => {
    const hours: number[] = [];
    eachOpenHour([{ id: lotId, slots: 1, hours: ALWAYS }], spans, range.from, range.to, (hour) => hours.push(hour.booked));
    return hours;
  };
  const rolled = staySpans(await rolledStayHours(db(), scope, range), await stayHours(db(), scope, window, now, true));
  expect(await held(rolled)).toEqual(await held(await stayHours(db(), scope, window, now)));
  // The previous period's one sum, in a lot's open hours only (weekdays 08:00–18:00 here).
  const office = { id: lotId, slots: 1, hours: OFFICE_HOURS };
  const inOpenHours = (spans: StaySpan[]) => {
    let booked = 0;
    eachOpenHour([office], spans, range.from, range.to, (hour) => (booked += hour.booked));
    return booked;
  };
  const [summed] = await heldInOpenHoursQuery(db(), range, [{ lotId, mask: openWeekMask(OFFICE_HOURS) }]);
  expect((summed?.seconds ?? 0) + inOpenHours(await stayHours(db(), scope, window, now, true))).toBe(
    inOpenHours(await stayHours(db(), scope, window, now)),
  );
}

describe('lot rollups', () => {
  it('equal a recount of the records after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 30 }), days, async (writes, range) => {
        const lot = await fixtures();
        const ids: Ids = { reservations: [], checkins: [] };
        for (const apply of writes) await apply(lot, ids);
        expect(await rollups(lot.lotId)).toEqual(await recount(lot.lotId));
        await expectReadsEqualRecords(lot, range);
      }),
      { numRuns: 30 },
    );
  });

  it('refuse the writes no trigger follows: a charge moved to another lot, a gate refund changed, a reservation given to another driver', async () => {
    const lot = await fixtures();
    const other = await fixtures();
    const [reservationId, checkinId] = [newId(), newId()];
    await run(
      `INSERT INTO reservations (id, user_id, lot_id, status, start_ts, end_ts, amount_cents) VALUES (?, ?, ?, 'COMPLETED', ?, ?, 8000)`,
      reservationId,
      lot.drivers[0],
      lot.lotId,
      iso(60),
      iso(180),
    );
    await run(`INSERT INTO charges (id, reservation_id, kind, amount_cents) VALUES (?, ?, 'BOOKING', 8000)`, newId(), reservationId);
    await run(
      `INSERT INTO checkins (id, lot_id, reservation_id, plate, entry_ts, exit_ts, amount_cents, paid_by) VALUES (?, ?, ?, 'ABC 1234', ?, ?, 4000, 'cash')`,
      checkinId,
      lot.lotId,
      reservationId,
      iso(60),
      iso(240),
    );
    await run(
      `INSERT INTO gate_refunds (id, checkin_id, amount_cents, method, reason, refunded_by) VALUES (?, ?, 1000, 'cash', 'Test', ?)`,
      newId(),
      checkinId,
      lot.ownerId,
    );
    const before = await rollups(lot.lotId);
    await expect(run(`UPDATE charges SET lot_id = ? WHERE lot_id = ?`, other.lotId, lot.lotId)).rejects.toThrow(
      'A charge stays at its lot.',
    );
    await expect(run(`UPDATE gate_refunds SET amount_cents = amount_cents + 1`)).rejects.toThrow('A gate refund is never changed.');
    await expect(run(`UPDATE reservations SET user_id = ? WHERE lot_id = ?`, other.drivers[0], lot.lotId)).rejects.toThrow(
      'A reservation stays its driver',
    );
    expect(await rollups(lot.lotId)).toEqual(before);
  });

  it('spread a stay of over a thousand hours over every one of them', async () => {
    const lot = await fixtures();
    await run(
      `INSERT INTO reservations (id, user_id, lot_id, status, start_ts, end_ts, amount_cents) VALUES (?, ?, ?, 'COMPLETED', ?, ?, 0)`,
      newId(),
      lot.drivers[0],
      lot.lotId,
      iso(30, 500),
      iso(30 + 1_500 * 60 + 7),
    );
    const { hours } = await rollups(lot.lotId);
    expect(hours.size).toBe(1_501);
    expect(hours).toEqual((await recount(lot.lotId)).hours);
  });

  it('are filled from the records a database held before them', async () => {
    const lot = await fixtures();
    const ids: Ids = { reservations: [], checkins: [] };
    // Passes came after 0020 (no pass was sold before its fill ran).
    for (const apply of fc.sample(fc.oneof(...recordWrites), { numRuns: 60, seed: 22 })) await apply(lot, ids);
    const expected = await recount(lot.lotId);
    // The migrations' fills (0020's, and 0061's of lot_reservation_days), replayed on rollups that lost every row.
    const fills = ['0020_', '0061_'].flatMap((prefix) =>
      env.TEST_MIGRATIONS.find((m) => m.name.startsWith(prefix))!.queries.filter((query) =>
        /^(--.*\n)*INSERT INTO lot_/.test(query.trim()),
      ),
    );
    expect(fills).toHaveLength(6);
    await env.DB.batch(
      ['lot_money_days', 'lot_money_hours', 'lot_booking_days', 'lot_stay_hours', 'lot_customer_days', 'lot_reservation_days'].map(
        (table) => env.DB.prepare(`DELETE FROM ${table}`),
      ),
    );
    for (const query of fills) await env.DB.prepare(query).run();
    expect(await rollups(lot.lotId)).toEqual(expected);
  });
});
