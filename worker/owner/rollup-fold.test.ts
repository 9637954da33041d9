/**
 * The fold of the lot rollups (docs/owner.md, "Rollups"): every figure the reports, the forecast and
 * pricing read is the same before and after it, a second run changes nothing, a run stopped midway
 * (by its batch limit or a failed batch) leaves every row counted once, and rows written late into a
 * folded day are folded by the next run.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult, runInDurableObject } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openWeekMask } from '../../core/owner-figures';
import { DAY_MS } from '../../core/time';
import { ALWAYS } from '../test/booking-fixtures';
import { db } from '../test/helpers';
import { run } from '../test/raw-records';
import { BASE, fixtures, iso, recordWrites, type Fixtures, type Ids } from '../test/rollup-records';
import { stayHistory } from '../lots/lots.data';
import { hourlyOccupancy } from '../pricing/occupancy.data';
import { firstRecordedDay, heldInWindows } from '../pricing/price-changes.data';
import type { LotDurableObject } from '../lot-object/lot-durable-object';
import { lotObject } from '../lot-object/stub';
import { customerReport } from './customers.service';
import { ownerReport } from './figures.service';
import worker from '../index';
import { foldRollups, foldRollupsDaily, ROLLUP_FOLDS_QUEUE, type RollupFoldRun } from './rollup-fold.service';

/** Long after the writes (March 2026): every row of them is past its hot window. */
const LATER = new Date('2026-06-15T00:00:00Z');
const NOW = new Date(BASE + 20 * DAY_MS);
const HOT_TABLES = ['lot_stay_hours', 'lot_money_hours', 'lot_booking_days', 'lot_customer_days'];
const FOLDED_TABLES = ['lot_stay_hours_folded', 'lot_money_hours_folded', 'lot_booking_days_folded', 'lot_customers'];

/** The per-driver days the lot's object holds, a row per driver over the whole spring. */
const movedCustomers = async (lotId: string) =>
  (await lotObject(env, lotId).customerTotals({ from: '2026-01-01', to: '2026-06-30', pending: [] })).drivers;

/** What System Health was told of the lot's folds. */
const failuresOf = async (lotId: string) =>
  (
    await env.DB.prepare('SELECT message FROM background_failures WHERE subject LIKE ?').bind(`${lotId}%`).all<{ message: string }>()
  ).results.map((row) => row.message);

/** Runs SQL in the lot's object's storage (a fault planted there). */
const inObject = (lotId: string, statement: string) =>
  runInDurableObject(lotObject(env, lotId), (_lot: LotDurableObject, state) => void state.storage.sql.exec(statement));

const rowsOf = async (tables: string[], lotId: string) =>
  Promise.all(
    tables.map(async (table) => (await env.DB.prepare(`SELECT * FROM ${table} WHERE lot_id = ? ORDER BY 2, 3`).bind(lotId).all()).results),
  );

/** Every figure read from the rollups at a lot: reports (ranges whose folded months are whole), forecast, pricing, price changes. */
async function figures({ ownerId, lotId }: Fixtures) {
  const scope = { ownerId, lotId };
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY_MS;
  const hours = Array.from({ length: 14 * 24 }, (_, i) => Date.parse('2026-03-01T00:00:00Z') / 1000 + i * 3600);
  return {
    reports: await Promise.all(
      [
        { from: '2026-03-01', to: '2026-03-31' },
        { from: '2026-03-02', to: '2026-03-09' },
        { from: '2026-02-20', to: '2026-04-10' },
      ].map((range) => ownerReport(db(), scope, { lotId, ...range }, NOW)),
    ),
    customers: await Promise.all(
      [
        { from: '2026-03-01', to: '2026-03-31' },
        { from: '2026-02-01', to: '2026-05-31' },
      ].map((range) => customerReport(env, db(), scope, { lotId, ...range })),
    ),
    forecast: await stayHistory(
      db(),
      lotId,
      hours.filter((_, i) => i % 37 === 5),
    ),
    occupancy: await hourlyOccupancy(db(), lotId, BASE - DAY_MS, BASE + 16 * DAY_MS, NOW.getTime()),
    firstDay: await firstRecordedDay(db(), lotId),
    priceWindows: await heldInWindows(db(), lotId, [
      { range: { first: day('2026-03-01'), end: day('2026-03-08') }, mask: openWeekMask(ALWAYS) },
      { range: { first: day('2026-03-03'), end: day('2026-03-20') }, mask: '1'.repeat(12).padEnd(168, '0') },
    ]),
  };
}

async function lotWithHistory(seed: number) {
  const lot = await fixtures();
  const ids: Ids = { reservations: [], checkins: [] };
  for (const apply of fc.sample(fc.oneof(...recordWrites), { numRuns: 60, seed })) await apply(lot, ids);
  return lot;
}

describe('the fold of the lot rollups', () => {
  it('leaves every figure the same, empties the hot rows past their window, and changes nothing run twice', async () => {
    const lot = await lotWithHistory(46);
    const before = await figures(lot);
    expect((await foldRollups(env, db(), LATER)).done).toBe(true);
    expect((await rowsOf(HOT_TABLES, lot.lotId)).flat()).toEqual([]);
    expect((await rowsOf(FOLDED_TABLES, lot.lotId)).every((rows) => rows.length > 0)).toBe(true);
    expect(await rowsOf(['customer_days_outbox'], lot.lotId)).toEqual([[]]);
    expect((await movedCustomers(lot.lotId)).length).toBeGreaterThan(0);
    expect(await figures(lot)).toEqual(before);

    const folded = [await rowsOf(FOLDED_TABLES, lot.lotId), await movedCustomers(lot.lotId)];
    expect(await foldRollups(env, db(), LATER)).toEqual({ batches: 0, done: true, more: false });
    expect([await rowsOf(FOLDED_TABLES, lot.lotId), await movedCustomers(lot.lotId)]).toEqual(folded);
  });

  it('keeps the hot window: nothing of the last days is folded', async () => {
    const lot = await lotWithHistory(7);
    const hot = await rowsOf(HOT_TABLES, lot.lotId);
    // The day after the writes' first day: their days are all within the hot windows.
    expect(await foldRollups(env, db(), new Date(BASE + DAY_MS))).toEqual({ batches: 0, done: true, more: false });
    expect(await rowsOf(HOT_TABLES, lot.lotId)).toEqual(hot);
  });

  it('stopped midway, by its batch limit or a failed batch, leaves every row counted once, and the next run finishes', async () => {
    const lot = await lotWithHistory(46);
    const before = await figures(lot);
    expect(await foldRollups(env, db(), LATER, 2)).toEqual({ batches: 2, done: false, more: true });
    expect(await figures(lot)).toEqual(before);

    await run(`CREATE TRIGGER fail_fold BEFORE INSERT ON customer_days_outbox BEGIN SELECT RAISE(ABORT, 'injected'); END`);
    try {
      await expect(foldRollups(env, db(), LATER)).rejects.toThrow('injected');
    } finally {
      await run(`DROP TRIGGER fail_fold`);
    }
    expect(await figures(lot)).toEqual(before);
    expect((await rowsOf(['lot_customer_days'], lot.lotId)).flat().length).toBeGreaterThan(0);

    expect((await foldRollups(env, db(), LATER)).done).toBe(true);
    expect(await figures(lot)).toEqual(before);
  });

  it("queues the next run while a run stops at its limit, and the Queue's run finishes the fold", async () => {
    const lot = await lotWithHistory(46);
    const before = await figures(lot);
    const sent: RollupFoldRun[] = [];
    const withQueue = {
      ...env,
      ROLLUP_FOLDS: { send: async (body: RollupFoldRun) => void sent.push(body) } as unknown as Queue<RollupFoldRun>,
    };
    expect(await foldRollupsDaily(withQueue, db(), LATER, 2)).toEqual({ batches: 2, done: false, more: true });
    expect(sent).toEqual([{ at: LATER.toISOString() }]);

    const batch = createMessageBatch<RollupFoldRun>(ROLLUP_FOLDS_QUEUE, [
      { id: 'run-2', timestamp: new Date(), attempts: 1, body: sent[0] },
    ]);
    await worker.queue(batch, withQueue);
    expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toEqual(['run-2']);
    expect(sent).toHaveLength(1);
    expect((await rowsOf(HOT_TABLES, lot.lotId)).flat()).toEqual([]);
    expect(await figures(lot)).toEqual(before);
  });

  it('counts each driver once when the object refuses a fold or D1 fails to delete one the object added, and the next run sends it once', async () => {
    const lot = await lotWithHistory(46);
    const before = await figures(lot);
    // The object refuses: the days wait in the outbox, where the reports read them, and System Health says so;
    // no run follows at once (the Queue would only fail again), the next day's Cron sends them.
    await inObject(lot.lotId, `CREATE TRIGGER fail_add BEFORE INSERT ON customer_folds BEGIN SELECT RAISE(ABORT, 'injected'); END`);
    const sent: RollupFoldRun[] = [];
    const withQueue = {
      ...env,
      ROLLUP_FOLDS: { send: async (body: RollupFoldRun) => void sent.push(body) } as unknown as Queue<RollupFoldRun>,
    };
    try {
      expect(await foldRollupsDaily(withQueue, db(), LATER)).toMatchObject({ done: false, more: false });
      expect(sent).toEqual([]);
    } finally {
      await inObject(lot.lotId, 'DROP TRIGGER fail_add');
    }
    expect(await failuresOf(lot.lotId)).toEqual([expect.stringContaining('injected')]);
    expect(await movedCustomers(lot.lotId)).toEqual([]);
    expect((await rowsOf(['customer_days_outbox'], lot.lotId)).flat().length).toBeGreaterThan(0);
    expect(await figures(lot)).toEqual(before);

    // The object adds the fold, and D1 fails to delete it: the object's answer drops the outbox's copy.
    await run(`CREATE TRIGGER fail_delete BEFORE DELETE ON customer_days_outbox BEGIN SELECT RAISE(ABORT, 'injected'); END`);
    try {
      expect((await foldRollups(env, db(), LATER)).done).toBe(false);
    } finally {
      await run('DROP TRIGGER fail_delete');
    }
    const moved = await movedCustomers(lot.lotId);
    expect(moved.length).toBeGreaterThan(0);
    expect((await rowsOf(['customer_days_outbox'], lot.lotId)).flat().length).toBeGreaterThan(0);
    expect(await figures(lot)).toEqual(before);

    // Sent again, the fold is added once.
    expect((await foldRollups(env, db(), LATER)).done).toBe(true);
    expect(await rowsOf(['customer_days_outbox'], lot.lotId)).toEqual([[]]);
    expect(await movedCustomers(lot.lotId)).toEqual(moved);
    expect(await figures(lot)).toEqual(before);
  });

  it("holds back no fold when another lot's fails", async () => {
    const [stuck, other] = [await lotWithHistory(5), await lotWithHistory(6)];
    await inObject(stuck.lotId, `CREATE TRIGGER fail_add BEFORE INSERT ON customer_folds BEGIN SELECT RAISE(ABORT, 'injected'); END`);
    try {
      expect((await foldRollups(env, db(), LATER)).done).toBe(false);
    } finally {
      await inObject(stuck.lotId, 'DROP TRIGGER fail_add');
    }
    expect((await movedCustomers(other.lotId)).length).toBeGreaterThan(0);
    expect(await rowsOf(['customer_days_outbox'], other.lotId)).toEqual([[]]);
  });

  it('reads again when an object holds a fold made after its read of D1, and refuses rather than count a driver twice', async () => {
    const lot = await lotWithHistory(46);
    const before = await figures(lot);
    await foldRollups(env, db(), LATER);
    const counter = await env.DB.prepare('SELECT last_fold_id AS n FROM customer_fold_counter').first<{ n: number }>();
    // As if D1 had been read before the folds: every fold the object holds is newer than the read.
    await run('UPDATE customer_fold_counter SET last_fold_id = 0');
    const scope = { ownerId: lot.ownerId, lotId: lot.lotId };
    await expect(customerReport(env, db(), scope, { lotId: lot.lotId, from: '2026-03-01', to: '2026-03-31' })).rejects.toMatchObject({
      kind: 'unavailable',
    });
    await run('UPDATE customer_fold_counter SET last_fold_id = ?', counter!.n);
    expect(await figures(lot)).toEqual(before);
  });

  it('folds rows written late into a day already folded, and reads them meanwhile', async () => {
    const lot = await lotWithHistory(3);
    await foldRollups(env, db(), LATER);
    // A booking of a folded day, imported late: counted at once, folded by the next run.
    await run(
      `INSERT INTO reservations (id, user_id, lot_id, status, start_ts, end_ts, amount_cents) VALUES ('late-booking', ?, ?, 'COMPLETED', ?, ?, 9000)`,
      lot.drivers[0],
      lot.lotId,
      iso(2 * 24 * 60 + 30),
      iso(2 * 24 * 60 + 200),
    );
    await run(
      `INSERT INTO charges (id, reservation_id, kind, amount_cents, created_at) VALUES ('late-charge', 'late-booking', 'BOOKING', 9000, ?)`,
      iso(2 * 24 * 60),
    );
    const late = await figures(lot);
    expect((await rowsOf(HOT_TABLES, lot.lotId)).every((rows) => rows.length > 0)).toBe(true);
    expect((await foldRollups(env, db(), LATER)).done).toBe(true);
    expect((await rowsOf(HOT_TABLES, lot.lotId)).flat()).toEqual([]);
    expect(await figures(lot)).toEqual(late);
  });

  it('counts drivers exactly over any range once their days are in the object, one inside a month included, and says who is new', async () => {
    const lot = await fixtures();
    const [early, late, back] = lot.drivers;
    const book = (id: string, driver: string, day: string) =>
      run(
        `INSERT INTO reservations (id, user_id, lot_id, status, start_ts, end_ts, amount_cents) VALUES (?, ?, ?, 'COMPLETED', ?, ?, 5000)`,
        id,
        driver,
        lot.lotId,
        `${day}T02:00:00.000Z`,
        `${day}T04:00:00.000Z`,
      );
    // Early booked on 3 and 28 March; late on 20 March only; back in February and on 25 March.
    await book('cut-1', early, '2026-03-03');
    await book('cut-5', early, '2026-03-28');
    await book('cut-2', late, '2026-03-20');
    await book('cut-3', back, '2026-02-10');
    await book('cut-4', back, '2026-03-25');
    const scope = { ownerId: lot.ownerId, lotId: lot.lotId };
    const customers = (from: string, to: string) => customerReport(env, db(), scope, { lotId: lot.lotId, from, to });
    const ranges = [
      ['2026-03-10', '2026-04-30'],
      ['2026-01-01', '2026-03-05'],
      ['2026-03-10', '2026-03-22'],
    ] as const;
    const before = await Promise.all(ranges.map(([from, to]) => customers(from, to)));
    expect(before.map((c) => [c.customers, c.new])).toEqual([
      [3, 1],
      [2, 2],
      [1, 1],
    ]);
    await foldRollups(env, db(), LATER);
    expect((await rowsOf(['lot_customer_days'], lot.lotId)).flat()).toEqual([]);
    expect(await Promise.all(ranges.map(([from, to]) => customers(from, to)))).toEqual(before);
  });
});
