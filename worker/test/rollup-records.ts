/**
 * The records the lot rollups (migrations/0020) count, written at random the way the product (or an
 * import) writes them, and a recount of them in plain TypeScript, following the definitions in
 * owner/figures.data.ts: the model worker/owner/rollups.test.ts checks the rollups against.
 */
import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { CHARGE_KINDS, RESERVATION_STATUSES } from '../../core/booking';
import { GATE_PAYMENT_METHODS } from '../../core/wallet';
import { newId } from '../db/ids';
import { rawLot, run } from './raw-records';

const MANILA_S = 8 * 3600;
const HOLDS_SLOT = ['CONFIRMED', 'ACTIVE', 'COMPLETED'];
export const BASE = Date.parse('2026-03-01T00:00:00Z');

const all = async <T>(query: string, ...values: unknown[]) =>
  (
    await env.DB.prepare(query)
      .bind(...values)
      .all<T>()
  ).results;

/** Seconds since the epoch as SQLite's unixepoch() reads an ISO instant (fractions dropped). */
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const manila = (iso: string) => new Date(seconds(iso) * 1000 + MANILA_S * 1000);
const dayOf = (iso: string) => manila(iso).toISOString().slice(0, 10);
export const iso = (minutes: number, ms = 0) => new Date(BASE + minutes * 60_000 + ms).toISOString();

export async function fixtures() {
  const lot = await rawLot('Rollup Lot', 3);
  // A pass product, so monthly passes can be sold at the lot (as many as the writes make).
  const productId = newId();
  await run(
    `INSERT INTO pass_products (id, lot_id, name, price_cents, days_mask, open_minute, close_minute, quantity) VALUES (?, ?, 'Rollup pass', 300000, 127, 0, 1440, 1000)`,
    productId,
    lot.lotId,
  );
  return { ...lot, productId };
}

export type Fixtures = Awaited<ReturnType<typeof fixtures>>;
export type Ids = { reservations: string[]; checkins: string[] };

const when = fc.integer({ min: 0, max: 14 * 24 * 60 });
const ms = fc.constantFrom(0, 1, 499, 999);
const amount = fc.integer({ min: -5_000, max: 20_000 });
const pick = fc.nat();
const method = fc.constantFrom(...GATE_PAYMENT_METHODS);

/** One write to the records the rollups of 0020 count, as (fixtures, ids so far) → run it. */
type Write = (lot: Fixtures, ids: Ids) => Promise<void>;
export const recordWrites: fc.Arbitrary<Write>[] = [
  fc
    .record({
      start: when,
      ms,
      minutes: fc.integer({ min: 1, max: 40 * 60 }),
      status: fc.constantFrom(...RESERVATION_STATUSES),
      amount,
      pick,
    })
    .map((w) => async ({ drivers, lotId }: Fixtures, ids: Ids) => {
      const id = newId();
      await run(
        `INSERT INTO reservations (id, user_id, lot_id, status, start_ts, end_ts, amount_cents) VALUES (?, ?, ?, ?, ?, ?, ?)`,
        id,
        drivers[w.pick % drivers.length],
        lotId,
        w.status,
        iso(w.start, w.ms),
        iso(w.start + w.minutes),
        Math.abs(w.amount),
      );
      ids.reservations.push(id);
    }),
  fc.record({ at: when, ms, kind: fc.constantFrom(...CHARGE_KINDS), amount, method, pick }).map((w) => async (_: Fixtures, ids: Ids) => {
    const reservationId = ids.reservations[w.pick % ids.reservations.length];
    if (!reservationId) return;
    await run(
      `INSERT INTO charges (id, reservation_id, kind, amount_cents, method, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
      newId(),
      reservationId,
      w.kind,
      w.amount,
      w.method,
      iso(w.at, w.ms),
    );
  }),
  fc.record({ status: fc.constantFrom(...RESERVATION_STATUSES), pick }).map((w) => async (_: Fixtures, ids: Ids) => {
    await run(`UPDATE reservations SET status = ? WHERE id = ?`, w.status, ids.reservations[w.pick % ids.reservations.length] ?? '');
  }),
  fc.record({ start: when, minutes: fc.integer({ min: 1, max: 30 * 60 }), pick }).map((w) => async (_: Fixtures, ids: Ids) => {
    await run(
      `UPDATE reservations SET start_ts = ?, end_ts = ? WHERE id = ?`,
      iso(w.start),
      iso(w.start + w.minutes),
      ids.reservations[w.pick % ids.reservations.length] ?? '',
    );
  }),
  fc.record({ pick }).map((w) => async (_: Fixtures, ids: Ids) => {
    const [id] = ids.reservations.splice(w.pick % Math.max(1, ids.reservations.length), 1);
    if (!id) return;
    await run(`UPDATE checkins SET reservation_id = NULL WHERE reservation_id = ?`, id);
    // Its charges with it, as the cascade did before bookings could leave while their charges stay (migrations/0059).
    await run(`DELETE FROM charges WHERE reservation_id = ?`, id);
    await run(`DELETE FROM reservations WHERE id = ?`, id);
  }),
  fc
    .record({ entry: when, ms, minutes: fc.option(fc.integer({ min: 0, max: 50 * 60 })), amount, paidBy: fc.option(method) })
    .map((w) => async ({ lotId }: Fixtures, ids: Ids) => {
      const id = newId();
      const left = w.minutes !== null;
      await run(
        `INSERT INTO checkins (id, lot_id, plate, walk_in, entry_ts, exit_ts, amount_cents, paid_by) VALUES (?, ?, 'ABC 1234', 1, ?, ?, ?, ?)`,
        id,
        lotId,
        iso(w.entry, w.ms),
        left ? iso(w.entry + (w.minutes ?? 0)) : null,
        left ? Math.abs(w.amount) : null,
        left ? w.paidBy : null,
      );
      ids.checkins.push(id);
    }),
  fc.record({ minutes: fc.integer({ min: 0, max: 50 * 60 }), amount, paidBy: method, pick }).map((w) => async (_: Fixtures, ids: Ids) => {
    await run(
      `UPDATE checkins SET exit_ts = strftime('%Y-%m-%dT%H:%M:%fZ', entry_ts, '+' || ? || ' minutes'), amount_cents = ?, paid_by = ? WHERE id = ?`,
      w.minutes,
      Math.abs(w.amount),
      w.paidBy,
      ids.checkins[w.pick % ids.checkins.length] ?? '',
    );
  }),
  fc.record({ at: when, pick }).map((w) => async (_: Fixtures, ids: Ids) => {
    await run(`UPDATE checkins SET undone_at = ? WHERE id = ?`, iso(w.at), ids.checkins[w.pick % ids.checkins.length] ?? '');
  }),
  fc.record({ pick, other: pick }).map((w) => async (_: Fixtures, ids: Ids) => {
    const reservationId = ids.reservations[w.other % ids.reservations.length];
    if (reservationId)
      await run(`UPDATE checkins SET reservation_id = ? WHERE id = ?`, reservationId, ids.checkins[w.pick % ids.checkins.length] ?? '');
  }),
  fc.record({ at: when, ms, amount, method, pick }).map((w) => async ({ ownerId }: Fixtures, ids: Ids) => {
    const checkinId = ids.checkins[w.pick % ids.checkins.length];
    if (!checkinId) return;
    await run(
      `INSERT INTO gate_refunds (id, checkin_id, amount_cents, method, reason, refunded_by, created_at) VALUES (?, ?, ?, ?, 'Test', ?, ?)`,
      newId(),
      checkinId,
      Math.abs(w.amount),
      w.method,
      ownerId,
      iso(w.at, w.ms),
    );
  }),
];

/** A monthly pass sold (migration 0025): the lot's money that day, as a charge is. */
const passSale = fc
  .record({ at: when, ms, amount: fc.integer({ min: 1, max: 500_000 }), pick })
  .map((w) => async ({ drivers, lotId, productId }: Fixtures) => {
    await run(
      `INSERT INTO monthly_passes (id, product_id, lot_id, user_id, plate, period_kind, valid_from, valid_until, days_mask, open_minute, close_minute, amount_cents, created_at)
       VALUES (?, ?, ?, ?, ?, '30days', ?, ?, 127, 0, 1440, ?, ?)`,
      newId(),
      productId,
      lotId,
      drivers[w.pick % drivers.length],
      // A plate of its own: a plate holds one pass at a time.
      `NAB ${newId().slice(0, 8)}`,
      iso(w.at),
      iso(w.at + 30 * 24 * 60),
      w.amount,
      iso(w.at, w.ms),
    );
  });

export const write = fc.oneof(...recordWrites, passSale);

type Reservation = { id: string; user_id: string; status: string; start_ts: string; end_ts: string };
type Checkin = {
  id: string;
  walk_in: number;
  reservation_id: string | null;
  undone_at: string | null;
  entry_ts: string;
  exit_ts: string | null;
  amount_cents: number | null;
  paid_by: string | null;
};

/** The rollups of a lot, recounted from its records; rows that net to zero are left out. */
export async function recount(lotId: string) {
  const reservations = await all<Reservation>(`SELECT id, user_id, status, start_ts, end_ts FROM reservations WHERE lot_id = ?`, lotId);
  const charges = await all<{ created_at: string; kind: string; method: string; amount_cents: number; user_id: string }>(
    `SELECT c.created_at, c.kind, c.method, c.amount_cents, r.user_id FROM charges c JOIN reservations r ON r.id = c.reservation_id WHERE c.lot_id = ?`,
    lotId,
  );
  const checkins = await all<Checkin>(`SELECT * FROM checkins WHERE lot_id = ?`, lotId);
  const refunds = await all<{ created_at: string; method: string; amount_cents: number; user_id: string | null }>(
    `SELECT g.created_at, g.method, g.amount_cents, r.user_id FROM gate_refunds g JOIN checkins k ON k.id = g.checkin_id
       LEFT JOIN reservations r ON r.id = k.reservation_id WHERE k.lot_id = ?`,
    lotId,
  );
  const money = new Map<string, { cents: number; items: number }>();
  const moneyHours = new Map<string, number>();
  const addMoney = (at: string, kind: string, method: string, cents: number) => {
    const key = `${dayOf(at)}|${kind}|${method}`;
    const row = money.get(key) ?? { cents: 0, items: 0 };
    money.set(key, { cents: row.cents + cents, items: row.items + 1 });
    const hour = `${dayOf(at)}|${manila(at).getUTCHours()}`;
    moneyHours.set(hour, (moneyHours.get(hour) ?? 0) + cents);
  };
  for (const c of charges) addMoney(c.created_at, c.kind, c.method, c.amount_cents);
  const passes = await all<{ created_at: string; amount_cents: number; user_id: string }>(
    `SELECT created_at, amount_cents, user_id FROM monthly_passes WHERE lot_id = ?`,
    lotId,
  );
  for (const p of passes) addMoney(p.created_at, 'MONTHLY_PASS', 'wallet', p.amount_cents);
  const walkIns = checkins.filter((k) => k.walk_in === 1 && k.reservation_id === null && k.undone_at === null && k.exit_ts !== null);
  for (const k of walkIns) if (k.amount_cents !== null) addMoney(k.exit_ts!, 'WALK_IN', k.paid_by ?? 'cash', k.amount_cents);
  for (const g of refunds) addMoney(g.created_at, 'REFUND', g.method, -g.amount_cents);

  const bookings = new Map<string, number>();
  for (const r of reservations.filter((r) => r.status !== 'CANCELLED')) {
    const key = `${dayOf(r.start_ts)}|${seconds(r.end_ts) - seconds(r.start_ts)}`;
    bookings.set(key, (bookings.get(key) ?? 0) + 1);
  }

  const hours = new Map<number, number>();
  const spread = (from: string, to: string) => {
    const [s, e] = [seconds(from) + MANILA_S, seconds(to) + MANILA_S];
    for (let h = s - (s % 3600); h < e; h += 3600) hours.set(h, (hours.get(h) ?? 0) + Math.min(e, h + 3600) - Math.max(s, h));
  };
  for (const r of reservations) if (HOLDS_SLOT.includes(r.status)) spread(r.start_ts, r.end_ts);
  for (const k of walkIns) spread(k.entry_ts, k.exit_ts!);

  const customers = new Map<string, { bookings: number; cents: number }>();
  const addCustomer = (userId: string, at: string, bookings: number, cents: number) => {
    const key = `${userId}|${dayOf(at)}`;
    const row = customers.get(key) ?? { bookings: 0, cents: 0 };
    customers.set(key, { bookings: row.bookings + bookings, cents: row.cents + cents });
  };
  for (const r of reservations) if (r.status !== 'CANCELLED') addCustomer(r.user_id, r.start_ts, 1, 0);
  for (const c of charges) addCustomer(c.user_id, c.created_at, 0, c.amount_cents);
  for (const p of passes) addCustomer(p.user_id, p.created_at, 0, p.amount_cents);
  for (const g of refunds) if (g.user_id) addCustomer(g.user_id, g.created_at, 0, -g.amount_cents);

  // lot_reservation_days (migration 0061): each reservation on its start day, its kept time on each day it covers.
  const reservationDays = new Map<string, { reservations: number; cancelled: number; no_shows: number; kept_seconds: number }>();
  const addReservationDay = (
    day: string,
    share: { reservations?: number; cancelled?: number; no_shows?: number; kept_seconds?: number },
  ) => {
    const row = reservationDays.get(day) ?? { reservations: 0, cancelled: 0, no_shows: 0, kept_seconds: 0 };
    reservationDays.set(day, {
      reservations: row.reservations + (share.reservations ?? 0),
      cancelled: row.cancelled + (share.cancelled ?? 0),
      no_shows: row.no_shows + (share.no_shows ?? 0),
      kept_seconds: row.kept_seconds + (share.kept_seconds ?? 0),
    });
  };
  for (const r of reservations) {
    addReservationDay(dayOf(r.start_ts), {
      reservations: 1,
      cancelled: Number(r.status === 'CANCELLED'),
      no_shows: Number(r.status === 'EXPIRED'),
    });
    if (!HOLDS_SLOT.includes(r.status)) continue;
    const [s, e] = [seconds(r.start_ts) + MANILA_S, seconds(r.end_ts) + MANILA_S];
    for (let d = s - (s % 86_400); d < e; d += 86_400)
      addReservationDay(new Date(d * 1000).toISOString().slice(0, 10), { kept_seconds: Math.min(e, d + 86_400) - Math.max(s, d) });
  }

  const nonZero = <V>(map: Map<string | number, V>, zero: (v: V) => boolean) => new Map([...map].filter(([, v]) => !zero(v)));
  return {
    money: nonZero(money, (v) => v.cents === 0 && v.items === 0),
    moneyHours: nonZero(moneyHours, (v) => v === 0),
    bookings: nonZero(bookings, (v) => v === 0),
    hours: nonZero(hours, (v) => v === 0),
    customers: nonZero(customers, (v) => v.bookings === 0 && v.cents === 0),
    reservationDays: nonZero(reservationDays, (v) => Object.values(v).every((n) => n === 0)),
  };
}

export async function rollups(lotId: string) {
  const money = await all<{ day: string; kind: string; method: string; cents: number; items: number }>(
    `SELECT * FROM lot_money_days WHERE lot_id = ? AND (cents <> 0 OR items <> 0)`,
    lotId,
  );
  const moneyHours = await all<{ day: string; hour: number; cents: number }>(
    `SELECT * FROM lot_money_hours WHERE lot_id = ? AND cents <> 0`,
    lotId,
  );
  const bookings = await all<{ day: string; seconds: number; bookings: number }>(
    `SELECT * FROM lot_booking_days WHERE lot_id = ? AND bookings <> 0`,
    lotId,
  );
  const hours = await all<{ hour: number; seconds: number }>(`SELECT * FROM lot_stay_hours WHERE lot_id = ? AND seconds <> 0`, lotId);
  const customers = await all<{ user_id: string; day: string; bookings: number; cents: number }>(
    `SELECT * FROM lot_customer_days WHERE lot_id = ? AND (bookings <> 0 OR cents <> 0)`,
    lotId,
  );
  const reservationDays = await all<{ day: string; reservations: number; cancelled: number; no_shows: number; kept_seconds: number }>(
    `SELECT day, reservations, cancelled, no_shows, kept_seconds FROM lot_reservation_days
      WHERE lot_id = ? AND (reservations <> 0 OR cancelled <> 0 OR no_shows <> 0 OR kept_seconds <> 0)`,
    lotId,
  );
  return {
    money: new Map(money.map((r) => [`${r.day}|${r.kind}|${r.method}`, { cents: r.cents, items: r.items }])),
    moneyHours: new Map(moneyHours.map((r) => [`${r.day}|${r.hour}`, r.cents])),
    bookings: new Map(bookings.map((r) => [`${r.day}|${r.seconds}`, r.bookings])),
    hours: new Map(hours.map((r) => [r.hour, r.seconds])),
    customers: new Map(customers.map((r) => [`${r.user_id}|${r.day}`, { bookings: r.bookings, cents: r.cents }])),
    reservationDays: new Map(reservationDays.map(({ day, ...row }) => [day, row])),
  };
}
