import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { gateCharge } from '../../core/gate';
import { ALWAYS_VALID, scheduleIntersects, type PassSchedule } from '../../core/monthly-passes';
import { addDays, manilaDate, manilaDateStart, manilaMonthOf, manilaMonthRange } from '../../core/time';
import { checkins, lotMoneyDays, lots, monthlyPasses, notifications, passProducts, wallets, walletTransactions } from '../db/schema';
import { newId } from '../db/ids';
import { lotObject } from '../lot-object/stub';
import type { SlotInfo } from '../lot-object/protocol';
import { lotForBooking } from '../reservations/reservations.service';
import { balanceOf, driver, HOUR, inMinutes, lostAfterCommit, makeLot, MINUTE, reserve, serviceRequest } from '../test/booking-fixtures';
import { call, cookieFor, db, key, messageOf, seedOnce } from '../test/helpers';
import { verifyPass } from '../passes/pass';
import { buyPass, followPassesInLots, renewDuePasses, warnEndingPasses } from './monthly-passes.service';
import { pushBrowser, pushServiceStandIn } from '../test/push-stand-in';
import type { BuyPassRequest } from '../../core/monthly-pass-request';

let owner = '';
beforeAll(async () => {
  await seedOnce();
  owner = await cookieFor('owner_admin');
});

const DAY = 24 * HOUR;

type Product = { id: string; name: string; quantity: number; left: number; paused: boolean; hours: string };
type Pass = {
  id: string;
  lotId: string;
  plate: string;
  periodKind: string;
  validFrom: string;
  validUntil: string;
  amountCents: number;
  state: string;
  token: string | null;
  autoRenew: boolean;
  renewal: string | null;
};
type Checkin = { id: string; amountCents: number | null; walkIn: boolean; monthlyPassId: string | null; paidBy: string | null };

const addProduct = (lotId: string, body: Record<string, unknown>, cookie = owner) =>
  call(`/api/owner/lots/${lotId}/pass-products`, { method: 'POST', cookie, json: body });
const productBody = (over: Record<string, unknown> = {}) => ({
  name: '24/7 Monthly',
  priceCents: 300_000,
  schedule: ALWAYS_VALID,
  quantity: 1,
  ...over,
});

/** A lot with `slots` slots and one product on sale (24/7 unless said, `quantity` passes). */
async function passLot(options: { slots?: number; quantity?: number; schedule?: PassSchedule } = {}) {
  const lotId = await makeLot(options.slots ?? 2);
  const res = await addProduct(lotId, productBody({ quantity: options.quantity ?? 1, schedule: options.schedule ?? ALWAYS_VALID }));
  expect(res.status, await res.clone().text()).toBe(201);
  return { lotId, product: await res.json<Product>() };
}

const buy = (cookie: string, json: Record<string, unknown>, headers: HeadersInit = key()) =>
  call('/api/monthly-passes', { method: 'POST', cookie, json, headers });

const gateEnter = (json: Record<string, unknown>) => call('/api/checkins/enter', { method: 'POST', cookie: owner, json, headers: key() });
const gateExit = (id: string, json: Record<string, unknown>) =>
  call(`/api/checkins/${id}/exit`, { method: 'POST', cookie: owner, json, headers: key() });

describe('a sale whose answer was lost', () => {
  it('keeps the slot of a pass D1 recorded: the lot’s last slot is not sold again by the hour', async () => {
    const { lotId, product } = await passLot({ slots: 1, quantity: 1 });
    const { user, cookie } = await driver(5_000);
    const input = { productId: product.id, plate: 'LST 1001' };
    await expect(buyPass(env, lostAfterCommit(), input as BuyPassRequest, serviceRequest(user.id, 'monthly-passes.buy'))).rejects.toThrow(
      'Network connection lost.',
    );
    // The batch committed: the pass is D1's, and the object still keeps its slot.
    expect(await db().select().from(monthlyPasses).where(eq(monthlyPasses.lotId, lotId))).toHaveLength(1);
    expect((await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 1 })).status).toBe(409);
  });
});

describe('the owner’s pass products', () => {
  it('puts a product on sale, lists it, and pauses it (then drivers no longer see it)', async () => {
    const lotId = await makeLot(3);
    const created = await addProduct(
      lotId,
      productBody({ name: 'Weekday daytime', schedule: { daysMask: 0b011_1110, openMinute: 420, closeMinute: 1200 }, quantity: 2 }),
    );
    expect(created.status).toBe(201);
    const product = await created.json<Product>();
    expect(product).toMatchObject({ name: 'Weekday daytime', hours: 'Mon–Fri 07:00–20:00', quantity: 2, left: 2, paused: false });
    const listed = await (await call(`/api/owner/lots/${lotId}/pass-products`, { cookie: owner })).json<{
      slots: number;
      products: Product[];
    }>();
    expect(listed).toMatchObject({ slots: 3, products: [{ id: product.id }] });

    const { cookie } = await driver(0);
    const onSale = await (await call(`/api/lots/${lotId}/pass-products`, { cookie })).json<{
      products: { id: string; periods: { start: string | null; kind: string }[] }[];
    }>();
    expect(onSale.products).toMatchObject([{ id: product.id }]);
    expect(onSale.products[0].periods.map((p) => p.kind)).toEqual(['30days', 'month', 'month']);

    const paused = await call(`/api/owner/lots/${lotId}/pass-products/${product.id}`, {
      method: 'PATCH',
      cookie: owner,
      json: { paused: true },
    });
    expect(await paused.json()).toMatchObject({ paused: true });
    expect((await (await call(`/api/lots/${lotId}/pass-products`, { cookie })).json<{ products: [] }>()).products).toEqual([]);
  });

  it('never puts more passes on sale than the lot has slots, all products together', async () => {
    const lotId = await makeLot(2);
    expect((await addProduct(lotId, productBody({ quantity: 2 }))).status).toBe(201);
    const more = await addProduct(lotId, productBody({ quantity: 1 }));
    expect(more.status).toBe(409);
    expect(await messageOf(more)).toBe('This lot has 2 slots and 2 passes on sale already: at most 0 more can be put on sale.');
  });

  it.each([
    [{ priceCents: 10_000 }, /₱500 to ₱50,000/],
    [{ schedule: { daysMask: 0, openMinute: 0, closeMinute: 1440 } }, /at least one day/],
    [{ schedule: { daysMask: 1, openMinute: 600, closeMinute: 540 } }, /open before they close/],
    [{ name: '' }, /Name the pass/],
  ])('refuses a bad product %j with 400, adding nothing', async (over, message) => {
    const lotId = await makeLot(1);
    const res = await addProduct(lotId, productBody(over));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(message);
    expect(await db().select().from(passProducts).where(eq(passProducts.lotId, lotId))).toEqual([]);
  });

  it('answers 404 for a lot the caller does not manage', async () => {
    expect((await addProduct(newId(), productBody())).status).toBe(404);
  });
});

describe('a driver buys a monthly pass', () => {
  it('pays from the wallet once per key: the pass, the PAYMENT row and the lot’s money commit together; the pass has a signed QR', async () => {
    const { lotId, product } = await passLot();
    const { user, cookie } = await driver(5_000);
    const headers = key();
    const res = await buy(cookie, { productId: product.id, plate: 'nab-1234' }, headers);
    expect(res.status, await res.clone().text()).toBe(201);
    const pass = await res.json<Pass>();
    expect(pass).toMatchObject({ lotId, plate: 'NAB 1234', periodKind: '30days', amountCents: 300_000, state: 'active' });
    expect(pass.token).toMatch(/^ey/);
    expect(await balanceOf(user.id)).toBe(200_000);

    const again = await buy(cookie, { productId: product.id, plate: 'nab-1234' }, headers);
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
    expect(mine.passes).toMatchObject([{ id: pass.id, plate: 'NAB 1234', state: 'active' }]);
    expect(mine.passes[0].token).toMatch(/^ey/);
  });

  it('shows in the owner’s revenue breakdown as monthly passes, and among the passes sold', async () => {
    const { lotId, product } = await passLot();
    const { cookie } = await driver(5_000);
    expect((await buy(cookie, { productId: product.id, plate: 'NAB 2222' })).status).toBe(201);
    const today = manilaDate(new Date());
    const report = await (await call(`/api/owner/reports?lotId=${lotId}&from=${today}&to=${today}`, { cookie: owner })).json<{
      revenue: { breakdown: { source: string; amount: number }[]; passes: { sold: number; renewed: number; lapsed: number } };
    }>();
    expect(report.revenue.breakdown.find((row) => row.source === 'monthlyPasses')).toMatchObject({ amount: 300_000 });
    expect(report.revenue.passes).toEqual({ sold: 1, renewed: 0, lapsed: 0 });
  });

  it('shows the slots passes hold per weekday and hour in the occupancy heatmap', async () => {
    const { lotId, product } = await passLot({ schedule: { daysMask: 0b111_1111, openMinute: 420, closeMinute: 1200 } });
    const { cookie } = await driver(5_000);
    const next = manilaMonthOf(Date.parse(manilaMonthRange(manilaMonthOf(new Date())).end));
    expect((await buy(cookie, { productId: product.id, plate: 'NAB 3333', start: next })).status).toBe(201);
    const first = `${next}-01`;
    const res = await call(`/api/owner/reports?lotId=${lotId}&from=${first}&to=${first}`, { cookie: owner });
    expect(res.status, await res.clone().text()).toBe(200);
    const report = await res.json<{ occupancy: { passHeatmap: { weekday: string; hours: (number | null)[] }[] } }>();
    const day = report.occupancy.passHeatmap.find((row) => row.hours.some((cell) => cell !== null))!;
    // Valid 07:00–20:00: one slot held in those hours, none outside them.
    expect(day.hours).toEqual(Array.from({ length: 24 }, (_, hour) => (hour >= 7 && hour < 20 ? 1 : 0)));
  });

  it('refuses a sale past the product’s passes, a second pass for the same plate, a short wallet, a paused product and a bad start', async () => {
    const { lotId, product } = await passLot({ slots: 3, quantity: 1 });
    const first = await driver(10_000);
    expect((await buy(first.cookie, { productId: product.id, plate: 'NAB 1234' })).status).toBe(201);
    const twice = await buy(first.cookie, { productId: product.id, plate: 'NAB 1234' });
    expect(twice.status).toBe(409);
    const second = await driver(10_000);
    const soldOut = await buy(second.cookie, { productId: product.id, plate: 'NCA 5678' });
    expect(soldOut.status).toBe(409);
    expect(await messageOf(soldOut)).toMatch(/sold out/);
    expect(await balanceOf(second.user.id)).toBe(1_000_000);

    const other = await (await addProduct(lotId, productBody({ name: 'Other', quantity: 2 }))).json<Product>();
    const poor = await driver(1_000);
    const short = await buy(poor.cookie, { productId: other.id, plate: 'NPO 1111' });
    expect(short.status).toBe(402);
    expect(await short.json()).toMatchObject({ missingCents: 200_000, balanceCents: 100_000, amountCents: 300_000 });
    expect(await balanceOf(poor.user.id)).toBe(100_000);

    expect((await buy(second.cookie, { productId: other.id, plate: 'NCA 5678', start: '1999-01' })).status).toBe(400);
    await call(`/api/owner/lots/${lotId}/pass-products/${other.id}`, { method: 'PATCH', cookie: owner, json: { paused: true } });
    expect((await buy(second.cookie, { productId: other.id, plate: 'NCA 5678' })).status).toBe(409);
    expect(
      (await call('/api/monthly-passes', { method: 'POST', cookie: second.cookie, json: { productId: other.id, plate: 'NCA 5678' } }))
        .status,
    ).toBe(400);
    expect(await db().select().from(monthlyPasses).where(eq(monthlyPasses.lotId, lotId))).toHaveLength(1);
  });
  it('sells one pass to one plate at a lot, even for two purchases sent at once', async () => {
    const { lotId, product } = await passLot({ slots: 4, quantity: 4 });
    const [a, b] = await Promise.all([driver(5_000), driver(5_000)]);
    const results = await Promise.all([
      buy(a.cookie, { productId: product.id, plate: 'NDU 5555' }),
      buy(b.cookie, { productId: product.id, plate: 'NDU 5555' }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
    expect((await balanceOf(a.user.id)) + (await balanceOf(b.user.id))).toBe(1_000_000 - 300_000);
    expect(await db().select().from(monthlyPasses).where(eq(monthlyPasses.lotId, lotId))).toHaveLength(1);
  });
});

describe('capacity is guaranteed', () => {
  it('keeps the pass’s slot from hourly bookings, and sells no pass the bookings leave no slot for', async () => {
    const { lotId, product } = await passLot({ slots: 2, quantity: 1 });
    const holder = await driver(5_000);
    expect((await buy(holder.cookie, { productId: product.id, plate: 'NAB 1234' })).status).toBe(201);
    const { cookie } = await driver(2_000);
    expect((await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 2, plate: 'NBK 1111' })).status).toBe(201);
    // The second slot is the pass holder's: the next booking is refused as full.
    expect((await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 2, plate: 'NBK 2222' })).status).toBe(409);

    const busy = await makeLot(1);
    const product2 = await (await addProduct(busy, productBody())).json<Product>();
    expect((await reserve(cookie, { lotId: busy, start: inMinutes(24 * 60), durationHours: 2, plate: 'NBK 3333' })).status).toBe(201);
    const refused = await buy(holder.cookie, { productId: product2.id, plate: 'NAB 1234' });
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toMatch(/cannot keep a slot/);
    expect(await balanceOf(holder.user.id)).toBe(200_000);
  });

  it('follows D1 daily: a pass the object lost is kept again, a sale that never reached D1 is dropped', async () => {
    const { lotId, product } = await passLot({ slots: 2, quantity: 2 });
    const holder = await driver(5_000);
    const pass = await (await buy(holder.cookie, { productId: product.id, plate: 'NAB 1234' })).json<Pass>();
    const lot = (await lotForBooking(db(), lotId))!;
    const stub = lotObject(env, lotId);
    // A sale kept two minutes ago whose D1 write never happened: it takes the second slot for now.
    const phantom = {
      passId: crypto.randomUUID(),
      vehicleType: 'car' as const,
      fromMs: Date.now(),
      untilMs: Date.now() + 30 * DAY,
      schedule: ALWAYS_VALID,
    };
    expect(await stub.reservePass({ ...phantom, slots: lot.slots }, Date.now() - 2 * MINUTE)).toEqual({ ok: true });
    const { cookie } = await driver(2_000);
    const booking = (plate: string) => reserve(cookie, { lotId, start: inMinutes(60), durationHours: 1, plate });
    expect((await booking('NBK 1111')).status).toBe(409);
    await followPassesInLots(env, db());
    expect((await booking('NBK 1111')).status).toBe(201);
    // The object loses the real pass: following D1 keeps its slot again.
    await stub.releasePass(pass.id);
    await followPassesInLots(env, db());
    expect((await booking('NBK 2222')).status).toBe(409);
  });

  it('holds for any passes and racing hourly bookings: at every moment bookings plus valid passes fit in the slots, and a pass car always finds its slot', async () => {
    const slotsOf = (n: number): SlotInfo[] =>
      Array.from({ length: n }, (_, i) => ({ id: `s${i}`, label: `A-${i + 1}`, accessible: false, evCharging: false, vehicleType: 'car' }));
    const schedules: PassSchedule[] = [
      ALWAYS_VALID,
      { daysMask: 0b011_1110, openMinute: 420, closeMinute: 1200 },
      { daysMask: 0b100_0001, openMinute: 0, closeMinute: 720 },
    ];
    const base = manilaDateStart(addDays(manilaDate(new Date()), 1)).getTime();
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('pass' as const),
        schedule: fc.nat(schedules.length - 1),
        fromDay: fc.nat(3),
        days: fc.integer({ min: 1, max: 10 }),
      }),
      fc.record({ kind: fc.constant('booking' as const), startHour: fc.nat(10 * 24), hours: fc.integer({ min: 1, max: 30 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), fc.array(op, { minLength: 1, maxLength: 12 }), async (slotCount, ops) => {
        const lot = lotObject(env, crypto.randomUUID());
        const slots = slotsOf(slotCount);
        const passes: { passId: string; fromMs: number; untilMs: number; schedule: PassSchedule }[] = [];
        const bookings: { startMs: number; endMs: number }[] = [];
        // Operations race: all sent at once.
        await Promise.all(
          ops.map(async (o) => {
            if (o.kind === 'pass') {
              const pass = {
                passId: crypto.randomUUID(),
                fromMs: base + o.fromDay * DAY,
                untilMs: base + (o.fromDay + o.days) * DAY,
                schedule: schedules[o.schedule],
              };
              const kept = await lot.reservePass({ vehicleType: 'car', slots, ...pass });
              if (kept.ok) passes.push(pass);
            } else {
              const window = { startMs: base + o.startHour * HOUR, endMs: base + (o.startHour + o.hours) * HOUR };
              const held = await lot.hold({
                holdId: crypto.randomUUID(),
                reservationId: crypto.randomUUID(),
                slots,
                needs: { vehicleType: 'car' },
                ...window,
              });
              if (held.ok) bookings.push(window);
            }
          }),
        );
        // Every 30 minutes of the span: bookings held then plus passes valid then never exceed the slots.
        for (let t = base; t < base + 14 * DAY; t += 30 * MINUTE) {
          const booked = bookings.filter((b) => b.startMs <= t && b.endMs > t).length;
          const valid = passes.filter((p) => p.fromMs <= t && p.untilMs > t && scheduleIntersects(p.schedule, t, t + 1)).length;
          expect(booked + valid).toBeLessThanOrEqual(slotCount);
        }
        // And each pass holder arriving in its valid hours finds its slot, however the bookings raced.
        for (const pass of passes) {
          for (let t = pass.fromMs, tries = 0; t < pass.untilMs && tries < 3; t += 7 * HOUR) {
            if (!scheduleIntersects(pass.schedule, t, t + 1)) continue;
            tries++;
            const checkinId = crypto.randomUUID();
            const admitted = await lot.admitWalkIn({ checkinId, slots, untilMs: t + 30 * MINUTE, passId: pass.passId }, t);
            expect(admitted).toMatchObject({ ok: true, slotId: expect.any(String) });
            await lot.releaseWalkIn(checkinId, t);
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('a pass holder at the gate', () => {
  it('enters on the pass QR and out again, any number of times, paying nothing within the valid hours', async () => {
    const { lotId, product } = await passLot();
    const { cookie } = await driver(5_000);
    const pass = await (await buy(cookie, { productId: product.id, plate: 'NAB 1234' })).json<Pass>();
    expect((await call('/api/attendant/shift', { method: 'POST', cookie: owner, json: { lotId, action: 'start' } })).status).toBeLessThan(
      300,
    );
    for (let visit = 0; visit < 2; visit++) {
      const entered = await gateEnter({ lotId, plate: 'NAB 1234', passToken: pass.token });
      expect(entered.status, await entered.clone().text()).toBe(201);
      const checkin = await entered.json<Checkin>();
      expect(checkin).toMatchObject({ walkIn: true, monthlyPassId: pass.id });
      // Out by plate the first time, by the pass's QR the second.
      const left = await gateExit(checkin.id, visit === 0 ? { lotId, plate: 'NAB 1234' } : { lotId, passToken: pass.token });
      expect(await left.json<Checkin>()).toMatchObject({ amountCents: 0, paidBy: null });
    }
    // By plate alone, looked up among the lot's valid passes.
    expect(await (await gateEnter({ lotId, plate: 'NAB 1234' })).json<Checkin>()).toMatchObject({ monthlyPassId: pass.id });
    // The gate's activity marks the pass entries; the owner's shift counts them apart.
    const activity = await (await call(`/api/attendant/activity?lotId=${lotId}`, { cookie: owner })).json<
      { type: string; monthlyPass: boolean }[]
    >();
    expect(activity.filter((item) => item.type === 'checkin').map((item) => item.monthlyPass)).toEqual([true, true, true]);
    const shift = await (await call(`/api/attendant/shift?lotId=${lotId}`, { cookie: owner })).json<{
      checkins: number;
      passEntries: number;
    }>();
    expect(shift).toMatchObject({ checkins: 3, passEntries: 3 });
  });

  it('refuses a monthly pass for another lot or another car, a forged one, and a reservation pass never verifies as a monthly one', async () => {
    const { product } = await passLot();
    const other = await makeLot(1);
    const { cookie } = await driver(5_000);
    const pass = await (await buy(cookie, { productId: product.id, plate: 'NAB 1234' })).json<Pass>();
    expect(await messageOf(await gateEnter({ lotId: other, plate: 'NAB 1234', passToken: pass.token }))).toBe(
      'This monthly pass is for another lot.',
    );
    // Another car on it is refused by the reservation's rule (core/gate.ts, otherCarThanBooked), naming both plates.
    const otherCar = await gateEnter({ lotId: pass.lotId, plate: 'ABC 5678', passToken: pass.token });
    expect(otherCar.status).toBe(409);
    expect(await messageOf(otherCar)).toBe('This monthly pass is for NAB 1234, not ABC 5678.');
    // A monthly pass's token is not a reservation pass, whatever its signature.
    expect(await verifyPass(env, pass.token!)).toEqual({ valid: false, reason: 'forged' });
    const forged = await gateEnter({ lotId: pass.lotId, plate: 'NAB 1234', passToken: `${pass.token!.slice(0, -4)}AAAA` });
    expect(forged.status).toBe(400);
  });

  it('says so outside the valid hours', async () => {
    const today = new Date(Date.parse(`${manilaDate(new Date())}T12:00:00+08:00`)).getUTCDay();
    const { lotId, product } = await passLot({ schedule: { daysMask: 0b111_1111 & ~(1 << today), openMinute: 0, closeMinute: 1440 } });
    const { cookie } = await driver(5_000);
    const pass = await (await buy(cookie, { productId: product.id, plate: 'NAB 1234' })).json<Pass>();
    const res = await gateEnter({ lotId, plate: 'NAB 1234', passToken: pass.token });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toMatch(/^NAB 1234's monthly pass is valid .+ \(Manila time\), not now/);
    expect((await gateEnter({ lotId, plate: 'NAB 1234' })).status).toBe(409);
  });

  it('pays, at the lot’s hourly rate, for the time still inside after the valid hours', async () => {
    const lotId = await makeLot(2);
    const product = await (
      await addProduct(lotId, productBody({ schedule: { daysMask: 0b111_1111, openMinute: 480, closeMinute: 720 } }))
    ).json<Product>();
    const { user } = await driver(0);
    const yesterday = addDays(manilaDate(new Date()), -1);
    const passId = newId();
    await db()
      .insert(monthlyPasses)
      .values({
        id: passId,
        productId: product.id,
        lotId,
        userId: user.id,
        plate: 'NAB 7777',
        periodKind: '30days',
        validFrom: manilaDateStart(addDays(yesterday, -1)).toISOString(),
        validUntil: manilaDateStart(addDays(yesterday, 28)).toISOString(),
        daysMask: 0b111_1111,
        openMinute: 480,
        closeMinute: 720,
        amountCents: 300_000,
      });
    // Entered yesterday 10:00 on the pass (08:00–12:00), still inside now.
    const entered = await (await gateEnter({ lotId, plate: 'NZZ 0001' })).json<Checkin>();
    const entryMs = Date.parse(`${yesterday}T10:00:00+08:00`);
    await db()
      .update(checkins)
      .set({ entryTs: new Date(entryMs).toISOString(), plate: 'NAB 7777', monthlyPassId: passId })
      .where(eq(checkins.id, entered.id));
    const exitTs = new Date().toISOString();
    const left = await (await gateExit(entered.id, { lotId, plate: 'NAB 7777', exitTs })).json<Checkin>();
    const lot = (await lotForBooking(db(), lotId))!;
    const close = Date.parse(`${yesterday}T12:00:00+08:00`);
    expect(left.amountCents).toBe(
      gateCharge({ entryMs, exitMs: Date.parse(exitTs), reservedUntilMs: close, pricing: lot.pricing }).amountCents,
    );
    expect(left.amountCents).toBeGreaterThan(0);
    expect(left.paidBy).toBe('cash');
  });
  it('stays covered through the renewal of its pass while inside: each period with its own hours, the hourly rate outside them', async () => {
    const { user } = await driver(0);
    const renewedAt = manilaDateStart(addDays(manilaDate(new Date()), -1)).getTime();
    // Entered on a 24/7 pass two hours before it was renewed, still inside now.
    const stayAcross = async (renewal: { openMinute: number; closeMinute: number }) => {
      const lotId = await makeLot(2);
      const product = await (await addProduct(lotId, productBody())).json<Product>();
      const period = (fromMs: number, hours: { openMinute: number; closeMinute: number }, renewsId?: string) => ({
        id: newId(),
        productId: product.id,
        lotId,
        userId: user.id,
        plate: 'NAB 8888',
        periodKind: '30days' as const,
        validFrom: new Date(fromMs).toISOString(),
        validUntil: new Date(fromMs + 30 * DAY).toISOString(),
        daysMask: 0b111_1111,
        ...hours,
        amountCents: 300_000,
        renewsId,
      });
      const old = period(renewedAt - 30 * DAY, { openMinute: 0, closeMinute: 1440 });
      await db()
        .insert(monthlyPasses)
        .values([old, period(renewedAt, renewal, old.id)]);
      const entered = await (await gateEnter({ lotId, plate: 'NZZ 0002' })).json<Checkin>();
      const entryMs = renewedAt - 2 * HOUR;
      await db()
        .update(checkins)
        .set({ entryTs: new Date(entryMs).toISOString(), plate: 'NAB 8888', monthlyPassId: old.id })
        .where(eq(checkins.id, entered.id));
      const exitTs = new Date().toISOString();
      const left = await (await gateExit(entered.id, { lotId, plate: 'NAB 8888', exitTs })).json<Checkin>();
      const { pricing } = (await lotForBooking(db(), lotId))!;
      return { amountCents: left.amountCents, entryMs, exitMs: Date.parse(exitTs), pricing };
    };
    // Renewed 24/7: nothing to pay.
    expect((await stayAcross({ openMinute: 0, closeMinute: 1440 })).amountCents).toBe(0);
    // Renewed for 00:00–08:00: covered until 08:00 of its first day, the hourly rate after.
    const mornings = await stayAcross({ openMinute: 0, closeMinute: 480 });
    expect(mornings.amountCents).toBe(gateCharge({ ...mornings, reservedUntilMs: renewedAt + 8 * HOUR }).amountCents);
    expect(mornings.amountCents).toBeGreaterThan(0);
  });
});

describe('auto-renew', () => {
  /** A pass with auto-renew on, bought 28 days ago (so it ends within 3 days), for a driver holding `pesos`. */
  async function endingPass(pesos: number) {
    const { lotId, product } = await passLot({ quantity: 2 });
    const { user, cookie } = await driver(pesos);
    const pass = await (await buy(cookie, { productId: product.id, plate: 'NAB 1234', autoRenew: true })).json<Pass>();
    const now = new Date(Date.parse(pass.validUntil) - 2 * DAY);
    return { lotId, user, cookie, pass, now };
  }

  it('renews from the wallet 3 days before the end, once, and notifies', async () => {
    const { user, cookie, pass, now } = await endingPass(7_000);
    expect(await renewDuePasses(env, db(), now)).toMatchObject({ renewed: 1 });
    expect(await renewDuePasses(env, db(), now)).toMatchObject({ renewed: 0, lapsed: 0 });
    expect(await balanceOf(user.id)).toBe(100_000);
    const mine = await (await call('/api/monthly-passes', { cookie })).json<{ passes: Pass[] }>();
    expect(mine.passes).toHaveLength(2);
    expect(mine.passes.find((p) => p.id === pass.id)).toMatchObject({ renewal: 'renewed' });
    expect(mine.passes.find((p) => p.id !== pass.id)).toMatchObject({ validFrom: pass.validUntil, state: 'upcoming', autoRenew: true });
    const notes = await (await call('/api/notifications', { cookie })).json();
    expect(JSON.stringify(notes)).toContain('Monthly pass renewed');
  });

  it('renews while the car is parked on the lot’s only slot', async () => {
    const { lotId, product } = await passLot({ slots: 1, quantity: 1 });
    const { user, cookie } = await driver(7_000);
    const pass = await (await buy(cookie, { productId: product.id, plate: 'NAB 1234', autoRenew: true })).json<Pass>();
    expect((await gateEnter({ lotId, plate: 'NAB 1234', passToken: pass.token })).status).toBe(201);
    expect(await renewDuePasses(env, db(), new Date(Date.parse(pass.validUntil) - 2 * DAY))).toMatchObject({ renewed: 1 });
    expect(await balanceOf(user.id)).toBe(100_000);
  });

  it('lapses cleanly when the wallet is short: nothing paid, no pass, the driver told', async () => {
    const { user, cookie, pass, now } = await endingPass(3_500);
    expect(await renewDuePasses(env, db(), now)).toMatchObject({ renewed: 0, lapsed: 1 });
    expect(await balanceOf(user.id)).toBe(50_000);
    const mine = await (await call('/api/monthly-passes', { cookie })).json<{ passes: Pass[] }>();
    expect(mine.passes).toMatchObject([{ id: pass.id, renewal: 'lapsed' }]);
    const notes = await (await call('/api/notifications', { cookie })).json();
    expect(JSON.stringify(notes)).toContain('not renewed');
  });

  it('lapses at a lot no longer taking bookings: nothing paid, the driver told why', async () => {
    const { lotId, user, cookie, now } = await endingPass(7_000);
    const before = await balanceOf(user.id);
    await db().update(lots).set({ isActive: false }).where(eq(lots.id, lotId));
    expect(await renewDuePasses(env, db(), now)).toMatchObject({ renewed: 0, lapsed: 1 });
    expect(await balanceOf(user.id)).toBe(before);
    expect(JSON.stringify(await (await call('/api/notifications', { cookie })).json())).toContain('the lot no longer takes bookings');
  });

  it('is switched off by the driver: the pass ends at its period’s end', async () => {
    const { cookie, pass, now } = await endingPass(7_000);
    const off = await call(`/api/monthly-passes/${pass.id}`, { method: 'PATCH', cookie, json: { autoRenew: false } });
    expect(await off.json()).toMatchObject({ autoRenew: false });
    expect(await renewDuePasses(env, db(), now)).toMatchObject({ renewed: 0, lapsed: 0 });
    const stranger = await driver(0);
    expect(
      (await call(`/api/monthly-passes/${pass.id}`, { method: 'PATCH', cookie: stranger.cookie, json: { autoRenew: true } })).status,
    ).toBe(404);
  });
});

describe('a pass about to lapse', () => {
  const endingNotes = async (userId: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'PASS_ENDING')));

  it('tells the driver of a pass without auto-renew once, 3 days before its end, and not when next month is bought', async () => {
    const { product } = await passLot({ quantity: 2 });
    const { user, cookie } = await driver(7_000);
    const pass = await (await buy(cookie, { productId: product.id, plate: 'END 1001' })).json<Pass>();
    const end = Date.parse(pass.validUntil);
    // Other tests' passes end about then too: what counts is what this driver heard.
    await warnEndingPasses(env, db(), new Date(end - 4 * DAY));
    expect(await endingNotes(user.id)).toEqual([]);
    await warnEndingPasses(env, db(), new Date(end - 2 * DAY));
    await warnEndingPasses(env, db(), new Date(end - DAY));
    expect((await endingNotes(user.id)).map((note) => note.title)).toEqual(['Monthly pass ending']);

    const other = await driver(7_000);
    const next = await (await buy(other.cookie, { productId: product.id, plate: 'END 1002' })).json<Pass>();
    await db()
      .insert(monthlyPasses)
      .values({
        ...(await db().select().from(monthlyPasses).where(eq(monthlyPasses.id, next.id)))[0],
        id: newId(),
        validFrom: next.validUntil,
        validUntil: new Date(Date.parse(next.validUntil) + 30 * DAY).toISOString(),
        renewsId: null,
      });
    await warnEndingPasses(env, db(), new Date(Date.parse(next.validUntil) - 2 * DAY));
    expect(await endingNotes(other.user.id)).toEqual([]);
  });

  it('reaches the phone, both when a pass will lapse unrenewed and when its renewal failed', async () => {
    const pushService = pushServiceStandIn(globalThis.fetch);
    vi.stubGlobal('fetch', pushService.fetch);
    try {
      const { product } = await passLot({ quantity: 2 });
      const { cookie } = await driver(3_500);
      const phone = await pushBrowser();
      expect((await call('/api/push/subscription', { method: 'PUT', cookie, json: phone.subscription })).status).toBe(204);
      const ending = await (await buy(cookie, { productId: product.id, plate: 'END 2001' })).json<Pass>();
      await warnEndingPasses(env, db(), new Date(Date.parse(ending.validUntil) - 2 * DAY));
      await vi.waitFor(() => expect(pushService.deliveries).toHaveLength(1), { timeout: 15_000, interval: 100 });
      expect(await phone.open(pushService.deliveries[0])).toMatchObject({
        title: 'Monthly pass ending',
        url: '/passes',
        tag: `pass-${ending.id}`,
      });

      await db().update(monthlyPasses).set({ autoRenew: true }).where(eq(monthlyPasses.id, ending.id));
      await renewDuePasses(env, db(), new Date(Date.parse(ending.validUntil) - 2 * DAY)); // the wallet is short
      await vi.waitFor(() => expect(pushService.deliveries).toHaveLength(2), { timeout: 15_000, interval: 100 });
      expect(await phone.open(pushService.deliveries[1])).toMatchObject({ title: 'Monthly pass not renewed', url: '/passes' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
