import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALWAYS_VALID, scheduleIntersects, type PassSchedule } from '../../core/monthly-passes';
import { addDays, DAY_MS, manilaDate, manilaDateStart, manilaMonthOf, manilaMonthRange } from '../../core/time';
import { lotMoneyDays, monthlyPasses, wallets, walletTransactions } from '../db/schema';
import { lotObject } from '../lot-object/stub';
import type { SlotInfo } from '../lot-object/protocol';
import { bookableLot } from '../reservations/reservations.service';
import { balanceOf, driver, HOUR, inMinutes, lostAfterCommit, makeLot, MINUTE, reserve, serviceRequest } from '../test/booking-fixtures';
import { call, db, key, messageOf } from '../test/helpers';
import { buyPass, followPassesInLots } from './monthly-passes.service';
import type { BuyPassRequest } from '../../core/monthly-pass-request';
import { addProduct, buy, owner, passLot, productBody, seedPasses, type Pass, type Product } from '../test/pass-fixtures';

beforeAll(seedPasses);

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
      { amountCents: -300_000, description: expect.stringMatching(/^Monthly pass: Test Lot .+ \(NAB ••34\)$/) },
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
    const lot = (await bookableLot(db(), lotId))!;
    const stub = lotObject(env, lotId);
    // A sale kept two minutes ago whose D1 write never happened: it takes the second slot for now.
    const phantom = {
      passId: crypto.randomUUID(),
      vehicleType: 'car' as const,
      fromMs: Date.now(),
      untilMs: Date.now() + 30 * DAY_MS,
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
                fromMs: base + o.fromDay * DAY_MS,
                untilMs: base + (o.fromDay + o.days) * DAY_MS,
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
        for (let t = base; t < base + 14 * DAY_MS; t += 30 * MINUTE) {
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
