/**
 * The driver's reservation and receipt lists: keyset pages, My Reservations' tabs and counts, and the
 * History filters, all computed in D1 (docs/foundation.md, Lists).
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESERVATION_STATUSES, reservationTab, type ReservationStatus } from '../../core/booking';
import { HISTORY_RANGES, matchesHistory, type HistoryFilter, type HistoryRange } from '../../core/history';
import { MAX_PAGE_SIZE } from '../../core/paging';
import { DAY_MS as DAY, HOUR_MS as HOUR, MINUTE_MS as MINUTE } from '../../core/time';
import { encodeCursor } from '../db/pages';
import { lots, receipts, reservations } from '../db/schema';
import { newId } from '../db/ids';
import { call, db, seedOnce, signedInDriver, walkPages } from '../test/helpers';
import { historyWhere } from '../db/history';
import { tabOf } from './reservation-lists.data';

const at = (ms: number) => new Date(ms).toISOString();

type Driver = Awaited<ReturnType<typeof signedInDriver>>;
type Row = { id: string; startTs: string };

let lot = { id: '', name: '' };
let otherLot = { id: '', name: '' };
beforeAll(async () => {
  await seedOnce();
  [lot, otherLot] = await db().select({ id: lots.id, name: lots.name }).from(lots).orderBy(lots.name).limit(2);
});

/** A reservation written straight to D1 (booking itself is tested elsewhere). */
async function reservation(
  userId: string,
  fields: { startTs: string; endTs?: string; status?: ReservationStatus; plate?: string | null; lotId?: string },
) {
  const id = newId();
  await db()
    .insert(reservations)
    .values({
      id,
      userId,
      lotId: fields.lotId ?? lot.id,
      vehiclePlate: fields.plate === undefined ? 'NBC 1234' : fields.plate,
      status: fields.status ?? 'COMPLETED',
      startTs: fields.startTs,
      endTs: fields.endTs ?? at(new Date(fields.startTs).getTime() + HOUR),
      amountCents: 8000,
    });
  return { id, startTs: fields.startTs };
}

/** 45 past reservations, three to a start time, so pages end inside a tie. Returned in list order. */
async function fortyFive(userId: string): Promise<Row[]> {
  const base = Date.now() - 200 * HOUR;
  const made: Row[] = [];
  for (let i = 0; i < 45; i++) made.push(await reservation(userId, { startTs: at(base - Math.floor(i / 3) * HOUR) }));
  return newestFirst(made);
}

let numbered = 0;
/** A receipt written straight to D1 at a chosen time (numbering is tested in worker/receipts/receipt-numbers.test.ts); answers its number. */
async function receiptRow(fields: { id: string; userId: string; reservationId: string; lotId: string; createdAt: string }) {
  const seq = ++numbered;
  const number = `TST1-${String(seq).padStart(6, '0')}`;
  await db()
    .insert(receipts)
    .values({ ...fields, kind: 'RECEIPT', seq, number, amountCents: 8000 });
  return number;
}

const newestFirst = <T extends Row>(rows: T[]) => [...rows].sort((a, b) => b.startTs.localeCompare(a.startTs) || b.id.localeCompare(a.id));

const reservationPages = (driver: Driver) =>
  walkPages(async (cursor) => (await driver.api.reservations.$get({ query: { limit: '20', cursor } })).json());

describe('reservation pages', () => {
  it('pages 45 reservations by 20 as 20, 20, 5: latest start first, none twice, none skipped', async () => {
    const driver = await signedInDriver();
    const expected = await fortyFive(driver.user.id);
    const pages = await reservationPages(driver);
    expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
    expect(pages.flat().map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  it('stays stable when reservations are made between pages', async () => {
    const driver = await signedInDriver();
    const expected = await fortyFive(driver.user.id);
    let made = 0;
    const pages = await walkPages(
      async (cursor) => (await driver.api.reservations.$get({ query: { limit: '20', cursor } })).json(),
      // New bookings start later than everything listed so far: they belong before the cursor.
      async () => void (await reservation(driver.user.id, { startTs: at(Date.now() + ++made * HOUR), status: 'CONFIRMED' })),
    );
    expect(pages.flat().map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(
      (await (await driver.api.reservations.$get({ query: {} })).json()).items.slice(0, made).every((r) => r.status === 'CONFIRMED'),
    ).toBe(true);
  });

  it('defaults to 20 a page and serves at most 100', async () => {
    const driver = await signedInDriver();
    await fortyFive(driver.user.id);
    expect((await (await driver.api.reservations.$get({ query: {} })).json()).items).toHaveLength(20);
    const everything = await (await driver.api.reservations.$get({ query: { limit: String(MAX_PAGE_SIZE) } })).json();
    expect(everything.items).toHaveLength(45);
    expect(everything.nextCursor).toBeNull();
  });

  it.each(['101', '0', '-1', '2.5', 'twenty'])('refuses limit=%s with a 400 naming the range', async (limit) => {
    const { cookie } = await signedInDriver();
    const res = await call(`/api/reservations?limit=${limit}`, { cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'limit must be a whole number from 1 to 100.' });
  });

  it.each([
    ['not base64 JSON', 'nope!'],
    ['JSON of the wrong shape', encodeCursor({ key: '', id: 'x' })],
    ['a number', btoa('42')],
  ])('refuses a cursor that is %s with a 400', async (_what, cursor) => {
    const { cookie } = await signedInDriver();
    const res = await call(`/api/reservations?cursor=${encodeURIComponent(cursor)}`, { cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'cursor is not one this list gave out; start again from the first page.' });
  });

  it("never shows another driver's reservations, even with their cursor", async () => {
    const mine = await signedInDriver();
    const theirs = await signedInDriver();
    const myIds = new Set((await fortyFive(mine.user.id)).map((r) => r.id));
    const theirIds = [
      await reservation(theirs.user.id, { startTs: at(Date.now() - 300 * HOUR) }),
      await reservation(theirs.user.id, { startTs: at(Date.now() + HOUR), status: 'CONFIRMED' }),
    ].map((r) => r.id);

    expect(
      (await reservationPages(theirs))
        .flat()
        .map((r) => r.id)
        .sort(),
    ).toEqual([...theirIds].sort());
    expect((await reservationPages(mine)).flat().every((r) => myIds.has(r.id))).toBe(true);
    const myFirst = await (await mine.api.reservations.$get({ query: { limit: '20' } })).json();
    const borrowed = await (await theirs.api.reservations.$get({ query: { cursor: myFirst.nextCursor! } })).json();
    expect(borrowed.items.every((r) => theirIds.includes(r.id))).toBe(true);
    expect((await (await theirs.api.reservations.counts.$get({ query: {} })).json()).total).toBe(2);
  });
});

describe('My Reservations tabs', () => {
  /** Every status with starts and ends around `now`, the boundaries included. */
  async function everyCase(userId: string, now: number) {
    const windows = [
      [-3 * HOUR, -HOUR],
      [-HOUR, 0],
      [-HOUR, 30 * MINUTE],
      [0, HOUR],
      [10 * MINUTE, 2 * HOUR],
      [DAY, DAY + HOUR],
    ];
    const made = [];
    for (const status of RESERVATION_STATUSES) {
      for (const [start, end] of windows)
        made.push({
          ...(await reservation(userId, { status, startTs: at(now + start), endTs: at(now + end) })),
          status,
          endTs: at(now + end),
        });
    }
    return made;
  }

  it("puts every reservation in the same tab in SQL as core/booking's reservationTab", async () => {
    const driver = await signedInDriver();
    const now = Date.now();
    const made = await everyCase(driver.user.id, now);
    const sqlTabs = await db()
      .select({ id: reservations.id, tab: tabOf(new Date(now)) })
      .from(reservations)
      .where(eq(reservations.userId, driver.user.id));
    const coreTabs = Object.fromEntries(made.map((r) => [r.id, reservationTab(r, new Date(now))]));
    expect(Object.fromEntries(sqlTabs.map((r) => [r.id, r.tab]))).toEqual(coreTabs);
    expect(new Set(Object.values(coreTabs))).toEqual(new Set(['upcoming', 'active', 'past']));
  });

  it('lists each tab and counts all three on the server', async () => {
    const driver = await signedInDriver();
    // Margins of minutes around the request time, so no reservation changes tab during the test.
    const made = await everyCase(driver.user.id, Date.now() + 5 * MINUTE);
    const now = new Date();
    const counts = await (await driver.api.reservations.counts.$get({ query: {} })).json();
    for (const tab of ['upcoming', 'active', 'past'] as const) {
      const expected = newestFirst(made.filter((r) => reservationTab(r, now) === tab)).map((r) => r.id);
      const listed = (await (await driver.api.reservations.$get({ query: { tab, limit: '100' } })).json()).items.map((r) => r.id);
      expect(listed, tab).toEqual(expected);
      expect(counts[tab], tab).toBe(expected.length);
    }
    expect(counts.total).toBe(made.length);
  });

  it('refuses an unknown tab with a 400', async () => {
    const { cookie } = await signedInDriver();
    const res = await call('/api/reservations?tab=soon', { cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'tab must be one of: upcoming, active, past.' });
  });
});

describe('History filters', () => {
  /** A spread of lots, plates, statuses and starts, each with its receipt. */
  async function history(userId: string, now: number) {
    const made = [];
    const cases: Array<[ReservationStatus, number, string | null, typeof lot]> = [
      ['COMPLETED', -DAY, 'NBC 1234', lot],
      ['CANCELLED', -3 * DAY, 'NBC 1234', lot],
      ['CANCELLED', -10 * DAY, 'ABC 987', otherLot],
      ['COMPLETED', -40 * DAY, 'ABC 987', lot],
      ['EXPIRED', -400 * DAY, null, otherLot],
      ['CONFIRMED', 2 * DAY, 'NBC 1234', otherLot],
    ];
    for (const [status, start, plate, where] of cases) {
      const row = await reservation(userId, { status, startTs: at(now + start), plate, lotId: where.id });
      const receiptId = newId();
      const receiptNumber = await receiptRow({ id: receiptId, userId, reservationId: row.id, lotId: where.id, createdAt: at(now + start) });
      made.push({ ...row, receiptId, receiptNumber, status, plate, lotName: where.name });
    }
    return made;
  }

  const filters = (): HistoryFilter[] => [
    { search: '', status: 'all', range: 'all' },
    { search: 'nbc1234', status: 'all', range: 'all' },
    { search: 'NBC 12', status: 'CANCELLED', range: 'all' },
    { search: lot.name.toUpperCase(), status: 'all', range: 'month' },
    { search: otherLot.name.slice(0, 4).toLowerCase(), status: 'all', range: 'all' },
    { search: 'no such lot', status: 'all', range: 'all' },
    ...(Object.keys(HISTORY_RANGES) as HistoryRange[]).map((range) => ({ search: '', status: 'all' as const, range })),
    ...RESERVATION_STATUSES.map((status) => ({ search: '', status, range: 'year' as const })),
  ];

  it("keeps the same rows in SQL as core/history's matchesHistory", async () => {
    const driver = await signedInDriver();
    const now = new Date();
    const made = await history(driver.user.id, now.getTime());
    for (const filter of filters()) {
      const rows = await db()
        .select({ id: reservations.id })
        .from(reservations)
        .innerJoin(lots, eq(lots.id, reservations.lotId))
        .where(and(eq(reservations.userId, driver.user.id), historyWhere(filter, now)));
      const expected = made.filter((r) => matchesHistory(r, filter, now)).map((r) => r.id);
      expect(rows.map((r) => r.id).sort(), JSON.stringify(filter)).toEqual(expected.sort());
    }
  });

  it('filters and counts reservations and receipts through the API, and links each reservation to its receipt', async () => {
    const driver = await signedInDriver();
    const made = await history(driver.user.id, Date.now());
    const query = { q: 'nbc1234', status: 'CANCELLED', range: 'week' } as const;
    const [cancelled] = made.filter((r) => r.status === 'CANCELLED' && r.plate === 'NBC 1234');

    const listed = await (await driver.api.reservations.$get({ query })).json();
    expect(listed.items.map((r) => [r.id, r.receiptId, r.receiptNumber, r.receiptVoidNumber])).toEqual([
      [cancelled.id, cancelled.receiptId, cancelled.receiptNumber, null],
    ]);
    expect(await (await driver.api.reservations.counts.$get({ query })).json()).toMatchObject({ total: 1, past: 1 });
    const issued = await (await driver.api.receipts.$get({ query })).json();
    expect(issued.items.map((r) => [r.id, r.number])).toEqual([[cancelled.receiptId, cancelled.receiptNumber]]);
    expect(await (await driver.api.receipts.counts.$get({ query })).json()).toEqual({ total: 1 });
    expect(await (await driver.api.receipts.counts.$get({ query: {} })).json()).toEqual({ total: made.length });
  });

  it.each([
    ['status=LOST', 'status must be one of: CONFIRMED, ACTIVE, COMPLETED, CANCELLED, EXPIRED.'],
    ['range=decade', 'range must be one of: all, week, month, year.'],
  ])('refuses %s with a 400 on both lists', async (query, message) => {
    const { cookie } = await signedInDriver();
    for (const path of ['/api/reservations', '/api/reservations/counts', '/api/receipts', '/api/receipts/counts']) {
      const res = await call(`${path}?${query}`, { cookie });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ message });
    }
  });
});

describe('receipt pages', () => {
  it('pages 45 receipts by 20 as 20, 20, 5, newest first, with receipts issued between pages left out', async () => {
    const driver = await signedInDriver();
    const base = Date.now() - 100 * HOUR;
    const issue = async (createdAt: string) => {
      const { id: reservationId } = await reservation(driver.user.id, { startTs: createdAt });
      const id = newId();
      await receiptRow({ id, userId: driver.user.id, reservationId, lotId: lot.id, createdAt });
      return { id, startTs: createdAt };
    };
    const made: Row[] = [];
    for (let i = 0; i < 45; i++) made.push(await issue(at(base - Math.floor(i / 3) * HOUR)));
    const other = await signedInDriver();
    await reservation(other.user.id, { startTs: at(base) });

    const pages = await walkPages(
      async (cursor) => (await driver.api.receipts.$get({ query: { limit: '20', cursor } })).json(),
      async () => void (await issue(at(Date.now()))),
    );
    expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
    expect(pages.flat().map((r) => r.id)).toEqual(newestFirst(made).map((r) => r.id));
    expect((await (await other.api.receipts.$get({ query: {} })).json()).items).toEqual([]);
    expect((await call('/api/receipts?limit=101', { cookie: driver.cookie })).status).toBe(400);
    expect((await call('/api/receipts?cursor=garbage', { cookie: driver.cookie })).status).toBe(400);
  });
});
