import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { gateCharge } from '../../core/gate';
import { addDays, DAY_MS, manilaDate, manilaDateStart } from '../../core/time';
import { checkins, monthlyPasses } from '../db/schema';
import { newId } from '../db/ids';
import { bookableLot } from '../reservations/reservations.service';
import { driver, HOUR, makeLot } from '../test/booking-fixtures';
import { call, db, messageOf } from '../test/helpers';
import { verifyPass } from '../passes/pass';
import {
  addProduct,
  buy,
  gateEnter,
  gateExit,
  owner,
  passLot,
  productBody,
  seedPasses,
  type Checkin,
  type Pass,
  type Product,
} from '../test/pass-fixtures';

beforeAll(seedPasses);

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
    const lot = (await bookableLot(db(), lotId))!;
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
        validUntil: new Date(fromMs + 30 * DAY_MS).toISOString(),
        daysMask: 0b111_1111,
        ...hours,
        amountCents: 300_000,
        renewsId,
      });
      const old = period(renewedAt - 30 * DAY_MS, { openMinute: 0, closeMinute: 1440 });
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
      const { pricing } = (await bookableLot(db(), lotId))!;
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
