import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ALWAYS_VALID } from '../../core/monthly-passes';
import { LotDurableObject } from './lot-durable-object';
import { migrate } from './migrations';
import type { SlotInfo } from './protocol';
import { closedStay } from '../test/stays';
import { lotObject } from './stub';

const HOUR = 3_600_000;
const slots: SlotInfo[] = [1, 2, 3].map((n) => ({
  id: `slot-${n}`,
  label: `A-${n}`,
  accessible: false,
  evCharging: false,
  vehicleType: 'car',
}));

/** The holds table, as every version before recorded versions created it (`kept_until` came by ALTER). */
const HOLDS = `CREATE TABLE IF NOT EXISTS holds (
        hold_id TEXT PRIMARY KEY,
        reservation_id TEXT NOT NULL,
        slot_id TEXT NOT NULL,
        start_ms INTEGER NOT NULL,
        end_ms INTEGER NOT NULL CHECK (end_ms > start_ms),
        state TEXT NOT NULL CHECK (state IN ('held', 'booked')),
        held_until INTEGER NOT NULL DEFAULT 0,
        reminded_start INTEGER NOT NULL DEFAULT 0,
        reminded_end INTEGER NOT NULL DEFAULT 0
      )`;
const noteStay = (row: string) =>
  `INSERT INTO unpublished_windows (start_ms, end_ms) VALUES (${row}.start_ms, MAX(${row}.end_ms, ${row}.kept_until));`;
/** The change log of search's read model as it was before monthly passes: holds only. */
const CHANGE_LOG_OF_HOLDS = [
  'CREATE TABLE IF NOT EXISTS unpublished_windows (id INTEGER PRIMARY KEY, start_ms INTEGER NOT NULL, end_ms INTEGER NOT NULL)',
  `CREATE TRIGGER IF NOT EXISTS holds_added AFTER INSERT ON holds BEGIN ${noteStay('NEW')} END`,
  `CREATE TRIGGER IF NOT EXISTS holds_removed AFTER DELETE ON holds BEGIN ${noteStay('OLD')} END`,
  `CREATE TRIGGER IF NOT EXISTS holds_moved AFTER UPDATE OF slot_id, start_ms, end_ms, kept_until ON holds BEGIN ${noteStay('OLD')} ${noteStay('NEW')} END`,
];

/** What the object's constructor ran on a new object before versions were recorded (commit 1a8f53e), in its order. */
const PREVIOUS = [
  'CREATE TABLE IF NOT EXISTS walk_ins (checkin_id TEXT PRIMARY KEY, slot_id TEXT, since_ms INTEGER NOT NULL)',
  'CREATE TABLE IF NOT EXISTS walk_ins_left (checkin_id TEXT PRIMARY KEY, left_ms INTEGER NOT NULL)',
  HOLDS,
  'ALTER TABLE holds ADD COLUMN kept_until INTEGER NOT NULL DEFAULT 0',
  'CREATE INDEX IF NOT EXISTS holds_slot_window ON holds (slot_id, start_ms, end_ms)',
  'CREATE INDEX IF NOT EXISTS holds_start ON holds (start_ms)',
  'CREATE INDEX IF NOT EXISTS holds_span ON holds ((MAX(end_ms, kept_until) - start_ms))',
  "CREATE INDEX IF NOT EXISTS holds_held ON holds (held_until) WHERE state = 'held'",
  "CREATE INDEX IF NOT EXISTS holds_unreminded_start ON holds (start_ms) WHERE state = 'booked' AND reminded_start = 0",
  "CREATE INDEX IF NOT EXISTS holds_unreminded_end ON holds (end_ms) WHERE state = 'booked' AND reminded_end = 0",
  "CREATE UNIQUE INDEX IF NOT EXISTS holds_one_booking ON holds (reservation_id) WHERE state = 'booked'",
  'CREATE TABLE IF NOT EXISTS change_locks (reservation_id TEXT PRIMARY KEY, until_ms INTEGER NOT NULL)',
  'CREATE TABLE IF NOT EXISTS followed_versions (reservation_id TEXT PRIMARY KEY, version INTEGER NOT NULL)',
  'CREATE TABLE IF NOT EXISTS untagged_bookings (id INTEGER PRIMARY KEY CHECK (id = 1), until_ms INTEGER NOT NULL)',
  'CREATE TABLE IF NOT EXISTS booking_requests (tag TEXT PRIMARY KEY, until_ms INTEGER NOT NULL)',
  'CREATE INDEX IF NOT EXISTS booking_requests_until ON booking_requests (until_ms)',
  'CREATE TABLE IF NOT EXISTS timer_retry (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)',
  'CREATE TABLE IF NOT EXISTS no_show_grace (id INTEGER PRIMARY KEY CHECK (id = 1), ms INTEGER NOT NULL)',
  `CREATE TABLE IF NOT EXISTS passes (
        pass_id TEXT PRIMARY KEY,
        vehicle_type TEXT NOT NULL,
        from_ms INTEGER NOT NULL,
        until_ms INTEGER NOT NULL,
        days_mask INTEGER NOT NULL,
        open_minute INTEGER NOT NULL,
        close_minute INTEGER NOT NULL,
        kept_ms INTEGER NOT NULL DEFAULT 0
      )`,
  'ALTER TABLE walk_ins ADD COLUMN pass_id TEXT',
  ...CHANGE_LOG_OF_HOLDS,
  'CREATE TRIGGER IF NOT EXISTS passes_added AFTER INSERT ON passes BEGIN INSERT INTO unpublished_windows (start_ms, end_ms) VALUES (NEW.from_ms, NEW.until_ms); END',
  'CREATE TRIGGER IF NOT EXISTS passes_removed AFTER DELETE ON passes BEGIN INSERT INTO unpublished_windows (start_ms, end_ms) VALUES (OLD.from_ms, OLD.until_ms); END',
  'CREATE TRIGGER IF NOT EXISTS pass_car_in AFTER INSERT ON walk_ins WHEN NEW.pass_id IS NOT NULL BEGIN INSERT INTO unpublished_windows (start_ms, end_ms) SELECT from_ms, until_ms FROM passes WHERE pass_id = NEW.pass_id; END',
  'CREATE TRIGGER IF NOT EXISTS pass_car_out AFTER DELETE ON walk_ins WHEN OLD.pass_id IS NOT NULL BEGIN INSERT INTO unpublished_windows (start_ms, end_ms) SELECT from_ms, until_ms FROM passes WHERE pass_id = OLD.pass_id; END',
  'CREATE TABLE IF NOT EXISTS live_total (id INTEGER PRIMARY KEY CHECK (id = 1), slots INTEGER NOT NULL)',
];

/** An object last woken before monthly passes and remembered requests (commit fa7bcdf): no `pass_id`, `passes`, `booking_requests`. */
const BEFORE_PASSES = [
  'CREATE TABLE IF NOT EXISTS walk_ins (checkin_id TEXT PRIMARY KEY, slot_id TEXT, since_ms INTEGER NOT NULL)',
  'CREATE TABLE IF NOT EXISTS walk_ins_left (checkin_id TEXT PRIMARY KEY, left_ms INTEGER NOT NULL)',
  HOLDS,
  'ALTER TABLE holds ADD COLUMN kept_until INTEGER NOT NULL DEFAULT 0',
  'CREATE INDEX IF NOT EXISTS holds_slot_window ON holds (slot_id, start_ms, end_ms)',
  "CREATE UNIQUE INDEX IF NOT EXISTS holds_one_booking ON holds (reservation_id) WHERE state = 'booked'",
  'CREATE TABLE IF NOT EXISTS change_locks (reservation_id TEXT PRIMARY KEY, until_ms INTEGER NOT NULL)',
  'CREATE TABLE IF NOT EXISTS followed_versions (reservation_id TEXT PRIMARY KEY, version INTEGER NOT NULL)',
  'CREATE TABLE IF NOT EXISTS timer_retry (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)',
  'CREATE TABLE IF NOT EXISTS no_show_grace (id INTEGER PRIMARY KEY CHECK (id = 1), ms INTEGER NOT NULL)',
  ...CHANGE_LOG_OF_HOLDS,
];

/** The object's own tables, indexes and triggers (the runtime's and SQLite's left out), whitespace aside. */
const schemaOf = (sql: SqlStorage) =>
  sql
    .exec<{ type: string; name: string; sql: string | null }>(
      "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY type, name",
    )
    .toArray()
    .map((row) => ({ ...row, sql: row.sql?.replace(/\s+/g, ' ') ?? null }));

/** What version 4 added: the stays moved out of D1. */
/** What versions 4 on made: the stays moved out of D1, the per-driver days and their months. */
const cameWithVersions = (row: { name: string }) => /^(stays|stays_.+|customer_.+)$/.test(row.name);

const versionOf = (sql: SqlStorage) => sql.exec<{ version: number }>('SELECT version FROM schema_version').one().version;

/** Leaves the storage as the code before versions left it: `statements` run on an empty storage. */
function buildAsBefore(sql: SqlStorage, statements: string[]): void {
  const tables = sql
    .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
    .toArray();
  for (const { name } of tables) sql.exec(`DROP TABLE ${name}`);
  for (const statement of statements) sql.exec(statement);
}

/** A booking the object held before the upgrade, written as that code wrote it. */
function keepBooking(sql: SqlStorage, reservationId: string, slotId: string, window: { startMs: number; endMs: number }): void {
  sql.exec(
    "INSERT INTO holds (hold_id, reservation_id, slot_id, start_ms, end_ms, state) VALUES (?, ?, ?, ?, ?, 'booked')",
    `booking:${reservationId}`,
    reservationId,
    slotId,
    window.startMs,
    window.endMs,
  );
  sql.exec('INSERT INTO followed_versions (reservation_id, version) VALUES (?, 0)', reservationId);
}

/** A new instance of the object on the storage as it is (what a deploy does to an object already made), once its constructor's work is done. */
async function restart(state: DurableObjectState) {
  const lot = new LotDurableObject(state, env);
  await state.blockConcurrencyWhile(async () => {});
  return lot;
}

/**
 * Builds an object's storage as `statements` left it, holding a booking of `window` on slot-1 (and what
 * `write` adds), starts the object on it, and checks it upgraded to a new object's schema and version
 * with the booking kept; `check` then uses the upgraded object.
 */
async function upgrade(
  statements: string[],
  window: { startMs: number; endMs: number },
  check: (lot: LotDurableObject) => void,
  write?: (sql: SqlStorage) => void,
) {
  const stub = lotObject(env, crypto.randomUUID());
  const fresh = await runInDurableObject(stub, (_lot: LotDurableObject, state) => ({
    schema: schemaOf(state.storage.sql),
    version: versionOf(state.storage.sql),
  }));
  await runInDurableObject(stub, async (_lot: LotDurableObject, state) => {
    const sql = state.storage.sql;
    buildAsBefore(sql, statements);
    keepBooking(sql, 'kept', 'slot-1', window);
    write?.(sql);
    const upgraded = await restart(state);
    expect(schemaOf(sql)).toEqual(fresh.schema);
    expect(versionOf(sql)).toBe(fresh.version);
    expect(upgraded.booking('kept')).toMatchObject({ slotId: 'slot-1', ...window });
    check(upgraded);
  });
}

describe("the object's storage", () => {
  it('is built for a new object as the code before versions built it, its version recorded; migrating again changes nothing', async () => {
    const lot = lotObject(env, crypto.randomUUID());
    await runInDurableObject(lot, (_lot: LotDurableObject, state) => {
      const sql = state.storage.sql;
      const migrated = schemaOf(sql);
      const version = versionOf(sql);
      expect(version).toBeGreaterThanOrEqual(3);
      migrate(state.storage);
      expect(schemaOf(sql)).toEqual(migrated);
      buildAsBefore(sql, PREVIOUS);
      expect(schemaOf(sql)).toEqual(migrated.filter((row) => row.name !== 'schema_version' && !cameWithVersions(row)));
    });
  });

  it('upgrades an object at version 3 with the stays and the per-driver days moved out of D1 (versions 4 and 6), its booking kept', async () => {
    const window = { startMs: Date.now() + HOUR, endMs: Date.now() + 2 * HOUR };
    await upgrade(
      PREVIOUS,
      window,
      (lot) => {
        const stay = closedStay('moved');
        expect(lot.keepStays([stay])).toEqual(['moved']);
        expect(lot.staysOf({ reservationIds: ['r-moved'] })).toEqual([{ ...stay, lotId: expect.any(String) }]);
        lot.addCustomerDays(7, [{ day: '2026-03-02', userId: 'u1', bookings: 1, cents: 5000 }]);
        expect(lot.customerTotals({ from: '2026-03-01', to: '2026-03-31', pending: [7, 8] })).toEqual({
          drivers: [{ userId: 'u1', bookings: 1, cents: 5000, booked: true }],
          applied: [7],
          newest: 7,
        });
      },
      (sql) => {
        sql.exec('CREATE TABLE schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)');
        sql.exec('INSERT INTO schema_version (id, version) VALUES (1, 3)');
      },
    );
  });

  it('upgrades an object the previous code made: its booking and walk-in kept, and it holds and commits', async () => {
    const window = { startMs: Date.now() + HOUR, endMs: Date.now() + 2 * HOUR };
    const walkIn = (sql: SqlStorage) =>
      sql.exec("INSERT INTO walk_ins (checkin_id, slot_id, since_ms) VALUES ('inside', 'slot-2', ?)", Date.now() - HOUR);
    await upgrade(
      PREVIOUS,
      window,
      (lot) => {
        expect(lot.availability(window, 3)).toMatchObject({ free: 1, walkIns: 1 });
        const request = { holdId: 'h1', reservationId: 'new', ...window, slots, needs: { vehicleType: 'car' as const } };
        expect(lot.hold(request)).toEqual({ ok: true, slotId: 'slot-3' });
        expect(lot.commit('h1', { reservationId: 'new', version: 0, live: true, slotId: 'slot-3', ...window })).toEqual({ ok: true });
        expect(lot.hold({ ...request, holdId: 'h2', reservationId: 'late' })).toEqual({ ok: false, reason: 'full' });
        expect(lot.bookedReservations().sort()).toEqual(['kept', 'new']);
      },
      walkIn,
    );
  });

  it('upgrades an object last woken before monthly passes: the columns and tables it lacks added, its booking kept', async () => {
    const window = { startMs: Date.now() + 3 * HOUR, endMs: Date.now() + 4 * HOUR };
    await upgrade(BEFORE_PASSES, window, (lot) => {
      // Its bookings' requests were never remembered: for an hour, a retry of one is answered from D1, never refused from memory.
      const full = (now: number) => {
        const request = {
          holdId: crypto.randomUUID(),
          reservationId: 'other',
          ...window,
          slots: [slots[0]],
          needs: { vehicleType: 'car' as const },
        };
        expect(lot.hold(request, now)).toEqual({ ok: false, reason: 'full' });
        return lot.refusesAsFull({ ...window, requestTag: 'driver key' }, now);
      };
      expect(full(Date.now())).toBe(false);
      expect(full(Date.now() + HOUR + 1_000)).toBe(true);
      // Monthly passes work on it: one is sold on a free slot, and its car comes in on it.
      const month = { fromMs: Date.now(), untilMs: Date.now() + 30 * 24 * HOUR, schedule: ALWAYS_VALID };
      expect(lot.reservePass({ passId: 'p1', vehicleType: 'car', slots, ...month })).toEqual({ ok: true });
      expect(lot.admitWalkIn({ checkinId: 'p1-car', slots, untilMs: Date.now() + HOUR, passId: 'p1' })).toMatchObject({ ok: true });
    });
  });
});
