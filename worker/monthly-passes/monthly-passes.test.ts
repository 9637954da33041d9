import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { gateCharge } from '../../core/gate';
import { nextMonth, passPriceAt } from '../../core/monthly-passes';
import { manilaDate, manilaMonthOf, manilaMonthRange } from '../../core/time';
import { lotForBooking } from '../reservations/reservations.data';
import { auditLogs, checkins, lotMoneyDays, lotPassPlans, monthlyPasses, walletTransactions, wallets } from '../db/schema';
import { newId } from '../db/ids';
import { balanceOf, driver, HOUR, makeLot, MINUTE } from '../test/booking-fixtures';
import { call, cookieFor, db, seedOnce } from '../test/helpers';

let owner = '';
beforeAll(async () => {
  await seedOnce();
  owner = await cookieFor('owner_admin');
});

const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });
const thisMonth = () => manilaMonthOf(new Date());
const messageOf = async (res: Response) => (await res.json<{ message: string }>()).message;

const setPlan = (lotId: string, plan: Record<string, unknown>, cookie = owner) =>
  call(`/api/owner/lots/${lotId}/monthly-pass`, { method: 'PUT', cookie, json: plan });

/** A lot with `slots` slots selling `capacity` passes a month at ₱3,000. */
async function passLot(capacity = 5, slots = 2) {
  const lotId = await makeLot(slots);
  expect((await setPlan(lotId, { enabled: true, priceCents: 300_000, capacity })).status).toBe(200);
  return lotId;
}

const buy = (cookie: string, json: Record<string, unknown>, headers: HeadersInit = key()) =>
  call('/api/monthly-passes', { method: 'POST', cookie, json, headers });

type Pass = { id: string; lotId: string; plate: string; month: string; amountCents: number; state: string };

describe('the owner offers monthly passes', () => {
  it('saves the lot’s plan, audited, and shows the months on sale with the passes left', async () => {
    const lotId = await makeLot(2);
    const res = await setPlan(lotId, { enabled: true, priceCents: 250_000, capacity: 3 });
    expect(res.status).toBe(200);
    const body = await res.json<{ plan: unknown; months: { month: string; left: number; priceCents: number }[]; passes: [] }>();
    expect(body.plan).toEqual({ enabled: true, priceCents: 250_000, capacity: 3 });
    expect(body.months).toMatchObject([
      { month: thisMonth(), left: 3, priceCents: passPriceAt(250_000, thisMonth(), new Date()) },
      { month: nextMonth(thisMonth()), left: 3, priceCents: 250_000 },
    ]);
    expect(body.passes).toEqual([]);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'UPDATE_PASS_PLAN'), eq(auditLogs.subject, `lot:${lotId}`)));
    expect(audit).toBeDefined();
  });

  it.each([
    [{ enabled: true, priceCents: 10_000, capacity: 3 }, /₱500 to ₱50,000/],
    [{ enabled: true, priceCents: 300_000, capacity: 0 }, /1 to 1000 passes/],
    [{ enabled: true, priceCents: 300_000.5, capacity: 3 }, /whole centavos/],
    [{ priceCents: 300_000, capacity: 3 }, /monthly passes/],
  ])('refuses a bad plan %j with 400, changing nothing', async (plan, message) => {
    const lotId = await makeLot(1);
    const res = await setPlan(lotId, plan);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(message);
    expect(await db().select().from(lotPassPlans).where(eq(lotPassPlans.lotId, lotId))).toEqual([]);
  });

  it('answers 404 for a lot the caller does not manage', async () => {
    const res = await setPlan(newId(), { enabled: true, priceCents: 300_000, capacity: 3 });
    expect(res.status).toBe(404);
  });
});

describe('a driver buys a monthly pass', () => {
  it('sees whether a lot sells passes', async () => {
    const { cookie } = await driver(0);
    const none = await makeLot(1);
    expect(await (await call(`/api/lots/${none}/monthly-pass`, { cookie })).json()).toMatchObject({ offered: false });
    const lotId = await passLot(4);
    expect(await (await call(`/api/lots/${lotId}/monthly-pass`, { cookie })).json()).toMatchObject({
      offered: true,
      monthlyPriceCents: 300_000,
      months: [
        { month: thisMonth(), left: 4 },
        { month: nextMonth(thisMonth()), left: 4, priceCents: 300_000 },
      ],
    });
  });

  it('pays from the wallet once per key: the pass, the PAYMENT row and the lot’s money commit together', async () => {
    const lotId = await passLot();
    const { user, cookie } = await driver(5_000);
    const month = nextMonth(thisMonth());
    const headers = key();
    const res = await buy(cookie, { lotId, plate: 'nab-1234', month }, headers);
    expect(res.status).toBe(201);
    const pass = await res.json<Pass>();
    expect(pass).toMatchObject({ lotId, plate: 'NAB 1234', month, amountCents: 300_000, state: 'upcoming' });
    expect(await balanceOf(user.id)).toBe(200_000);

    const again = await buy(cookie, { lotId, plate: 'nab-1234', month }, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await again.json<Pass>()).id).toBe(pass.id);
    expect(await balanceOf(user.id)).toBe(200_000);

    const [wallet] = await db().select().from(wallets).where(eq(wallets.userId, user.id));
    const payments = await db()
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.walletId, wallet.id), eq(walletTransactions.type, 'PAYMENT')));
    expect(payments).toMatchObject([
      { amountCents: -300_000, description: expect.stringMatching(/^Monthly pass: Test Lot .+ \(NAB 1234\)$/) },
    ]);
    const money = await db()
      .select()
      .from(lotMoneyDays)
      .where(and(eq(lotMoneyDays.lotId, lotId), eq(lotMoneyDays.kind, 'MONTHLY_PASS')));
    expect(money).toEqual([{ lotId, day: manilaDate(new Date()), kind: 'MONTHLY_PASS', method: 'wallet', cents: 300_000, items: 1 }]);

    const mine = await (await call('/api/monthly-passes', { cookie })).json<{ passes: Pass[] }>();
    expect(mine.passes).toMatchObject([{ id: pass.id, plate: 'NAB 1234', month }]);
    const sold = await (await call(`/api/owner/lots/${lotId}/monthly-pass?month=${month}`, { cookie: owner })).json<{
      passes: { plate: string; holder: string }[];
      totalCents: number;
    }>();
    expect(sold.passes).toMatchObject([{ plate: 'NAB 1234', holder: `${user.firstName} ${user.lastName[0]}.` }]);
    expect(sold.totalCents).toBe(300_000);
  });

  it('shows in the owner’s revenue breakdown as monthly passes', async () => {
    const lotId = await passLot();
    const { cookie } = await driver(5_000);
    expect((await buy(cookie, { lotId, plate: 'NAB 2222', month: nextMonth(thisMonth()) })).status).toBe(201);
    const today = manilaDate(new Date());
    const report = await (await call(`/api/owner/reports?lotId=${lotId}&from=${today}&to=${today}`, { cookie: owner })).json<{
      revenue: { breakdown: { source: string; amount: number }[] };
    }>();
    expect(report.revenue.breakdown.find((row) => row.source === 'monthlyPasses')).toMatchObject({ amount: 300_000 });
  });

  it('refuses a second pass for the same plate and month, and a sale past the month’s passes', async () => {
    const lotId = await passLot(1);
    const month = nextMonth(thisMonth());
    const first = await driver(10_000);
    expect((await buy(first.cookie, { lotId, plate: 'NAB 1234', month })).status).toBe(201);
    const twice = await buy(first.cookie, { lotId, plate: 'NAB 1234', month });
    expect(twice.status).toBe(409);
    const second = await driver(10_000);
    const soldOut = await buy(second.cookie, { lotId, plate: 'NCA 5678', month });
    expect(soldOut.status).toBe(409);
    expect(await messageOf(soldOut)).toMatch(/sold out/);
    expect(await balanceOf(second.user.id)).toBe(1_000_000);
    expect((await db().select().from(monthlyPasses).where(eq(monthlyPasses.lotId, lotId))).length).toBe(1);
  });

  it('sells only one last pass to two drivers asking at once', async () => {
    const lotId = await passLot(1);
    const month = nextMonth(thisMonth());
    const [a, b] = await Promise.all([driver(5_000), driver(5_000)]);
    const results = await Promise.all([
      buy(a.cookie, { lotId, plate: 'NAA 1111', month }),
      buy(b.cookie, { lotId, plate: 'NBB 2222', month }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
    expect((await balanceOf(a.user.id)) + (await balanceOf(b.user.id))).toBe(1_000_000 - 300_000);
  });

  it('refuses a short wallet with 402 and how much is missing, moving nothing', async () => {
    const lotId = await passLot();
    const { user, cookie } = await driver(1_000);
    const res = await buy(cookie, { lotId, plate: 'NAB 1234', month: nextMonth(thisMonth()) });
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ missingCents: 200_000, balanceCents: 100_000, amountCents: 300_000 });
    expect(await balanceOf(user.id)).toBe(100_000);
    expect(await db().select().from(monthlyPasses).where(eq(monthlyPasses.lotId, lotId))).toEqual([]);
  });

  it('refuses a month not on sale, a lot that sells none, a bad plate and a missing key', async () => {
    const lotId = await passLot();
    const { cookie } = await driver(5_000);
    const late = await buy(cookie, { lotId, plate: 'NAB 1234', month: nextMonth(nextMonth(thisMonth())) });
    expect(late.status).toBe(400);
    expect(await messageOf(late)).toMatch(/not on sale yet/);
    const none = await makeLot(1);
    const notSold = await buy(cookie, { lotId: none, plate: 'NAB 1234', month: thisMonth() });
    expect(notSold.status).toBe(409);
    expect(await messageOf(notSold)).toBe('This lot does not sell monthly passes.');
    expect((await buy(cookie, { lotId, plate: '!!', month: thisMonth() })).status).toBe(400);
    expect(
      (await call('/api/monthly-passes', { method: 'POST', cookie, json: { lotId, plate: 'NAB 1234', month: thisMonth() } })).status,
    ).toBe(400);
  });

  it('stops selling when the owner turns passes off; passes sold stand', async () => {
    const lotId = await passLot();
    const { cookie } = await driver(10_000);
    expect((await buy(cookie, { lotId, plate: 'NAB 1234', month: nextMonth(thisMonth()) })).status).toBe(201);
    expect((await setPlan(lotId, { enabled: false, priceCents: 300_000, capacity: 5 })).status).toBe(200);
    expect((await buy(cookie, { lotId, plate: 'NCA 5678', month: nextMonth(thisMonth()) })).status).toBe(409);
    expect((await call('/api/monthly-passes', { cookie })).status).toBe(200);
    expect(await db().select().from(monthlyPasses).where(eq(monthlyPasses.lotId, lotId))).toHaveLength(1);
  });
});

describe('a pass holder at the gate', () => {
  const gateEnter = (json: Record<string, unknown>) => call('/api/checkins/enter', { method: 'POST', cookie: owner, json, headers: key() });
  const gateExit = (id: string, json: Record<string, unknown>) =>
    call(`/api/checkins/${id}/exit`, { method: 'POST', cookie: owner, json, headers: key() });
  type Checkin = { id: string; amountCents: number | null; walkIn: boolean; monthlyPassId: string | null; paidBy: string | null };

  it('enters as a walk-in on the pass and pays nothing for the time it covers', async () => {
    const lotId = await passLot();
    const { cookie } = await driver(5_000);
    const pass = await (await buy(cookie, { lotId, plate: 'NAB 1234', month: thisMonth() })).json<Pass>();
    const entered = await (
      await call('/api/checkins/enter', { method: 'POST', cookie: owner, json: { lotId, plate: 'nab 1234' }, headers: key() })
    ).json<Checkin>();
    expect(entered).toMatchObject({ walkIn: true, monthlyPassId: pass.id });
    // Three hours inside, all in this month.
    const entryMs = Math.max(Date.now() - 3 * HOUR, Date.parse(manilaMonthRange(thisMonth()).start) + MINUTE);
    await db()
      .update(checkins)
      .set({ entryTs: new Date(entryMs).toISOString() })
      .where(eq(checkins.id, entered.id));
    const left = await gateExit(entered.id, { lotId, plate: 'NAB 1234' });
    expect(left.status).toBe(200);
    expect(await left.json<Checkin>()).toMatchObject({ amountCents: 0, paidBy: null });
  });

  it('pays the walk-in rate for the time after the last month its passes cover', async () => {
    const lotId = await passLot();
    const { user } = await driver(0);
    const lastMonth = manilaMonthOf(Date.parse(manilaMonthRange(thisMonth()).start) - 1);
    // A pass for last month, sold then (not for sale now).
    await db()
      .insert(monthlyPasses)
      .values({ id: newId(), lotId, userId: user.id, plate: 'NAB 7777', month: lastMonth, amountCents: 300_000 });
    const entered = await (
      await call('/api/checkins/enter', { method: 'POST', cookie: owner, json: { lotId, plate: 'NAB 7777' }, headers: key() })
    ).json<Checkin>();
    expect(entered.monthlyPassId).toBeNull();
    const coverEnd = Date.parse(manilaMonthRange(lastMonth).end);
    const entryMs = coverEnd - 2 * HOUR;
    await db()
      .update(checkins)
      .set({ entryTs: new Date(entryMs).toISOString() })
      .where(eq(checkins.id, entered.id));
    const exitTs = new Date().toISOString();
    const left = await (await gateExit(entered.id, { lotId, plate: 'NAB 7777', exitTs })).json<Checkin>();
    const lot = (await lotForBooking(db(), lotId))!;
    const exitMs = Date.parse(exitTs);
    // Priced from the month's end, as an overstay past it; a plain walk-in would pay two hours more.
    const expected = gateCharge({ entryMs, exitMs, reservedUntilMs: coverEnd, pricing: lot.pricing }).amountCents;
    expect(left.amountCents).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(gateCharge({ entryMs, exitMs, reservedUntilMs: null, pricing: lot.pricing }).amountCents);
  });

  it('a plate without a pass pays as any walk-in', async () => {
    const lotId = await passLot();
    const res = await gateEnter({ lotId, plate: 'NZZ 9999' });
    expect(res.status).toBe(201);
    const entered = await res.json<Checkin>();
    expect(entered.monthlyPassId).toBeNull();
    const left = await (await gateExit(entered.id, { lotId, plate: 'NZZ 9999' })).json<Checkin>();
    expect(left.amountCents).toBeGreaterThan(0);
  });
});
