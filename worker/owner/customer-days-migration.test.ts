/**
 * migrations/0065_customer_days_to_objects.sql on the months folded before it: each driver-month waits in
 * the outbox as its first and last booking day, a fold per lot and month, and the next fold sends them to
 * their lots' objects with every sum kept. It ends at the current schema, as every test file does.
 */
import { applyD1Migrations, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { lotObject } from '../lot-object/stub';
import { db } from '../test/helpers';
import { migratedUpTo } from '../test/schema';
import { foldRollups } from './rollup-fold.service';

const MOVE = '0065_customer_days_to_objects';
/** Lots of this file's own (lot ids are UUIDs, and name their objects): A sorts before B. */
const [LOT_A, LOT_B] = ['00000000-0000-4000-8000-00000006500a', '00000000-0000-4000-8000-00000006500b'];
const totals = (lotId: string, from: string, to: string) => lotObject(env, lotId).customerTotals({ from, to, pending: [] });

describe(MOVE, () => {
  it("moves each lot's folded months to its object, a driver-month as its first and last booking day, every sum kept", async () => {
    await migratedUpTo(MOVE);
    const months = [
      [LOT_A, '2026-03', 'u1', 3, 9000, '2026-03-02', '2026-03-20'],
      [LOT_A, '2026-03', 'u2', 1, 5000, '2026-03-05', '2026-03-05'],
      [LOT_A, '2026-04', 'u1', 0, 700, null, null],
      [LOT_B, '2026-03', 'u3', 2, 100, '2026-03-01', '2026-03-31'],
    ];
    await env.DB.batch(
      months.map((row) =>
        env.DB.prepare(
          'INSERT INTO lot_customer_months (lot_id, month, user_id, bookings, cents, first_day, last_day) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ).bind(...row),
      ),
    );

    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
    const { results: outbox } = await env.DB.prepare(
      'SELECT DISTINCT lot_id AS lotId, fold_id AS foldId FROM customer_days_outbox ORDER BY 1, 2',
    ).all();
    expect(outbox).toEqual([
      { lotId: LOT_A, foldId: -(2026 * 12 + 4) },
      { lotId: LOT_A, foldId: -(2026 * 12 + 3) },
      { lotId: LOT_B, foldId: -(2026 * 12 + 3) },
    ]);

    expect((await foldRollups(env, db())).done).toBe(true);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM customer_days_outbox').first<{ n: number }>())!.n).toBe(0);
    const byDriver = async (lotId: string, from: string, to: string) =>
      (await totals(lotId, from, to)).drivers.sort((a, b) => (a.userId < b.userId ? -1 : 1));
    // Whole months: the sums as folded.
    expect(await byDriver(LOT_A, '2026-03-01', '2026-04-30')).toEqual([
      { userId: 'u1', bookings: 3, cents: 9700, booked: true },
      { userId: 'u2', bookings: 1, cents: 5000, booked: true },
    ]);
    expect(await byDriver(LOT_B, '2026-03-01', '2026-03-31')).toEqual([{ userId: 'u3', bookings: 2, cents: 100, booked: true }]);
    // A range that cuts the month: u1 on the 20th (its last booking day), u2 not at all (the 5th only).
    expect(await byDriver(LOT_A, '2026-03-15', '2026-03-25')).toEqual([{ userId: 'u1', bookings: 1, cents: 0, booked: true }]);
    expect(await byDriver(LOT_A, '2026-03-10', '2026-03-15')).toEqual([]);
    // Money without a booking: on the month's first day, not a booking.
    expect(await byDriver(LOT_A, '2026-04-01', '2026-04-01')).toEqual([{ userId: 'u1', bookings: 0, cents: 700, booked: false }]);
  });
});
