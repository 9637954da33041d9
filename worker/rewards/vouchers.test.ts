import { eq } from 'drizzle-orm';
import type { InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { rewardVouchers } from '../db/schema';
import type { Api } from '../test/api-types';
import { balanceOf, cancelBooking, inMinutes, makeLot, modifyBooking, reserve, topUp } from '../test/booking-fixtures';
import { atTheGate, gateExit, walkIn, type Checkin } from '../test/gate-fixtures';
import { call, db, messageOf, seedOnce } from '../test/helpers';
import { PAY_CODE_USED } from '../gate/consent';
import { asOwner, begunAgo, chooseRemedy, reported, setStatus } from '../test/lot-issue-fixtures';
import { earnPoints, newDriver } from '../test/wallet-driver';

type Redemption = InferResponseType<Api['rewards']['redeem']['$post'], 201>;
type Booking = InferResponseType<Api['reservations']['$post'], 201>;
type Rewards = InferResponseType<Api['rewards']['$get'], 200>;

beforeAll(seedOnce);

/** A driver holding a free-hour voucher and ₱200 to park with. */
async function driverWithVoucher() {
  const driver = await newDriver();
  await earnPoints(driver, 500);
  const res = await call('/api/rewards/redeem', {
    method: 'POST',
    cookie: driver.cookie,
    json: { rewardId: 'free-hour' },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  const voucherId = (await res.json<Redemption>()).voucher!.id;
  await topUp(driver.cookie, 200);
  return { ...driver, voucherId };
}
const voucherRow = async (id: string) => (await db().select().from(rewardVouchers).where(eq(rewardVouchers.id, id)))[0];

describe('a free-hour voucher at booking', () => {
  it('takes one hour off the price, is recorded on the booking, and can never be used twice', async () => {
    const lotId = await makeLot(3);
    const { user, cookie, voucherId } = await driverWithVoucher();
    const res = await reserve(cookie, { lotId, start: inMinutes(60), voucherId });
    expect(res.status).toBe(201);
    const booking = await res.json<Booking>();
    expect(booking).toMatchObject({ amountCents: 4_000 });
    expect(booking.price).toMatchObject({ hours: 2, totalCents: 4_000, voucherOffCents: 4_000 });
    expect(await balanceOf(user.id)).toBe(16_000);
    expect(await voucherRow(voucherId)).toMatchObject({
      reservationId: booking.id,
      lotId,
      amountOffCents: 4_000,
      usedAt: expect.any(String),
    });
    const rewards = await (await call('/api/rewards', { cookie })).json<Rewards>();
    expect(rewards.vouchers).toMatchObject([{ id: voucherId, state: 'used', reservationId: booking.id }]);

    const again = await reserve(cookie, { lotId, start: inMinutes(240), voucherId });
    expect(again.status).toBe(409);
    expect(await balanceOf(user.id)).toBe(16_000);
  });

  it('is spent by one of two bookings made with it at once, never both', async () => {
    const lotId = await makeLot(3);
    const { user, cookie, voucherId } = await driverWithVoucher();
    const answers = await Promise.all([
      reserve(cookie, { lotId, start: inMinutes(60), voucherId }),
      reserve(cookie, { lotId, start: inMinutes(300), voucherId }),
    ]);
    const booked = answers.filter((res) => res.status === 201);
    expect(booked).toHaveLength(1);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(16_000);
    expect((await voucherRow(voucherId)).reservationId).toBe((await booked[0].json<Booking>()).id);
  });

  it('keeps its hour off when the window moves, and comes back when the booking is cancelled in time', async () => {
    const lotId = await makeLot(3);
    const { user, cookie, voucherId } = await driverWithVoucher();
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(120), voucherId })).json<Booking>();
    const moved = await modifyBooking(cookie, booking.id, { start: inMinutes(180), durationHours: 3 });
    expect(moved.status).toBe(200);
    expect(await balanceOf(user.id)).toBe(12_000);
    const cancelled = await cancelBooking(cookie, booking.id);
    expect(cancelled.status).toBe(200);
    expect(await balanceOf(user.id)).toBe(20_000);
    expect(await voucherRow(voucherId)).toMatchObject({ usedAt: null, reservationId: null, lotId: null });
    expect((await reserve(cookie, { lotId, start: inMinutes(60), voucherId })).status).toBe(201);
  });

  it('comes back when a "slot taken" refund cancels the booking', async () => {
    const owner = await asOwner();
    const lotId = await makeLot(2);
    const { cookie, voucherId } = await driverWithVoucher();
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(1), voucherId })).json<Booking>();
    await begunAgo(booking.id, 10);
    const issue = await reported(cookie, lotId, { category: 'slot_taken', text: 'Taken.', reservationId: booking.id });
    expect((await setStatus(owner, issue.id, 'acknowledged')).status).toBe(200);
    const refunded = await chooseRemedy(cookie, issue.id, 'refund');
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    expect(await voucherRow(voucherId)).toMatchObject({ usedAt: null, reservationId: null, lotId: null });
  });

  it("refuses another driver's voucher (404) and an expired one (409), charging nothing", async () => {
    const lotId = await makeLot(3);
    const owner = await driverWithVoucher();
    const other = await driverWithVoucher();
    expect((await reserve(other.cookie, { lotId, start: inMinutes(60), voucherId: owner.voucherId })).status).toBe(404);
    await db()
      .update(rewardVouchers)
      .set({ expiresAt: new Date(Date.now() - 1_000).toISOString() })
      .where(eq(rewardVouchers.id, other.voucherId));
    const expired = await reserve(other.cookie, { lotId, start: inMinutes(60), voucherId: other.voucherId });
    expect(expired.status).toBe(409);
    expect(await balanceOf(other.user.id)).toBe(20_000);
  });
});

describe('a free-hour voucher at the exit', () => {
  it('takes an hour off a walk-in paid with a pay code naming it, once; a spent one takes nothing off', async () => {
    const { owner } = await atTheGate();
    const lotId = await makeLot(4);
    const { user, cookie, voucherId } = await driverWithVoucher();
    const payCode = async () => {
      const res = await call('/api/wallet/pay-code', { method: 'POST', cookie, json: { lotId, limitCents: 100_000, voucherId } });
      return (await res.json<{ token: string }>()).token;
    };
    // 3 h 05 min at ₱40 an hour is 4 billed hours: ₱160, less the free hour.
    const stay = await walkIn(lotId, 'VCH 100', 3 * 60 + 5);
    const paid = await gateExit(owner, stay.id, { lotId, plate: 'VCH 100', payCode: await payCode() });
    expect(await paid.json<Checkin>()).toMatchObject({ amountCents: 12_000, paidBy: 'wallet' });
    expect(await balanceOf(user.id)).toBe(8_000);
    expect(await voucherRow(voucherId)).toMatchObject({ lotId, amountOffCents: 4_000, usedAt: expect.any(String) });

    const next = await walkIn(lotId, 'VCH 101', 60 + 5);
    const full = await gateExit(owner, next.id, { lotId, plate: 'VCH 101', payCode: await payCode() });
    expect(await full.json<Checkin>()).toMatchObject({ amountCents: 8_000, paidBy: 'wallet' });
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('spends the pay code on a free exit: the same code cannot pay for another car', async () => {
    const { owner } = await atTheGate();
    const lotId = await makeLot(4);
    const { user, cookie, voucherId } = await driverWithVoucher();
    const res = await call('/api/wallet/pay-code', { method: 'POST', cookie, json: { lotId, limitCents: 100_000, voucherId } });
    const { token } = await res.json<{ token: string }>();
    // 55 minutes is one billed hour (₱40), all of it taken off by the voucher.
    const free = await gateExit(owner, (await walkIn(lotId, 'VCH 200', 55)).id, { lotId, plate: 'VCH 200', payCode: token });
    expect(await free.json<Checkin>()).toMatchObject({ amountCents: 0 });
    const other = await walkIn(lotId, 'VCH 201', 55);
    const again = await gateExit(owner, other.id, { lotId, plate: 'VCH 201', payCode: token });
    expect([again.status, await messageOf(again)]).toEqual([409, PAY_CODE_USED]);
    expect(await balanceOf(user.id)).toBe(20_000);
  });
});
