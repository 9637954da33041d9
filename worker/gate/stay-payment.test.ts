/** Who pays for a stay at its exit, and how: the reservation's wallet, up to its cap, or cash (stay-payment.service.ts). */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkins, wallets, walletTransactions } from '../db/schema';
import { balanceOf, driver, makeLot, MINUTE } from '../test/booking-fixtures';
import {
  atTheGate,
  endedAgo,
  gateEnter,
  gateExit,
  overstayedOneHour,
  payCodeFor,
  reservedCar,
  walkIn,
  type Checkin,
} from '../test/gate-fixtures';
import { call, db } from '../test/helpers';
import { payFromWallet } from '../wallet/wallet.service';
import { findCheckin } from './checkins.data';
import { priceOfStay } from './stay-price.service';
import { commitExit, paymentOf } from './stay-payment.service';

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
});

describe('who pays a stay, and how', () => {
  it('charges 61 minutes over as two started hours from the wallet, reissuing the receipt and earning points', async () => {
    const { user, cookie, closed } = await overstayedOneHour();
    expect(closed).toMatchObject({ amountCents: 8_000, paidBy: 'wallet' });
    expect(await balanceOf(user.id)).toBe(100_000 - 4_000 - 8_000);
    const receipt = await (await call(`/api/receipts/${closed.receiptId}`, { cookie })).json<{
      amountCents: number;
      number: string;
      replaces: { number: string } | null;
      lines: { label: string; amountCents: number }[];
    }>();
    expect(receipt.amountCents).toBe(12_000);
    // The booking's receipt (1) was voided (2) and this one (3) replaces it, all in the lot's series.
    expect(receipt.number.endsWith('-000003')).toBe(true);
    expect(receipt.replaces?.number.endsWith('-000001')).toBe(true);
    expect(receipt.lines.map((line) => line.label)).toEqual(['Parking', 'Overstay']);
    expect((await db().select().from(wallets).where(eq(wallets.userId, user.id)))[0].points).toBe(12);
  });

  it("records cash when the driver's wallet cannot cover the overstay, and the receipt names each line's method as the ledger does", async () => {
    const lotId = await makeLot(1);
    const { user, cookie, booking, token } = await reservedCar(lotId);
    const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).json<Checkin>();
    await endedAgo(booking.id, 49 * 60);
    const closed = await (await gateExit(owner, id, { lotId, plate: 'NAB 1234' })).json<Checkin>();
    expect(closed).toMatchObject({ amountCents: 49 * 4_000, paidBy: 'cash' });
    expect(await balanceOf(user.id)).toBe(96_000);
    const receipt = await (await call(`/api/receipts/${closed.receiptId}`, { cookie })).json<{
      paymentMethod: string;
      lines: { label: string; amountCents: number; method: string }[];
    }>();
    expect(receipt.paymentMethod).toBe('Parkada Wallet and cash at the gate');
    expect(receipt.lines.map(({ label, amountCents, method }) => ({ label, amountCents, method }))).toEqual([
      { label: 'Parking', amountCents: 4_000, method: 'Parkada Wallet' },
      { label: 'Overstay', amountCents: 49 * 4_000, method: 'cash at the gate' },
    ]);
    // The wallet's ledger holds what the receipt says the wallet paid, and nothing of the cash.
    const ledger = await db().select().from(walletTransactions).where(eq(walletTransactions.reservationId, booking.id));
    expect(ledger.map((row) => row.amountCents)).toEqual([-4_000]);
  });

  it("takes an overstay from the reservation's wallet only up to a day's price: above it the gate collects it all, in cash or with a pay code", async () => {
    const lotId = await makeLot(2);
    /** A car in on its reservation, which ended a day and a minute ago: 25 started hours at ₱40, above the day's ₱960. */
    const overstayedADay = async (plate: string) => {
      const car = await reservedCar(lotId, { plate, pesos: 3_000 });
      const { id } = await (await gateEnter(owner, { lotId, plate, passToken: car.token })).json<Checkin>();
      await endedAgo(car.booking.id, 24 * 60 + 1);
      return { ...car, id };
    };
    const capped = await overstayedADay('CAP 100');
    const cash = await gateExit(owner, capped.id, { lotId, plate: 'CAP 100' });
    expect(await cash.json<Checkin>()).toMatchObject({ amountCents: 100_000, paidBy: 'cash', walletCapCents: 96_000 });
    expect(await balanceOf(capped.user.id)).toBe(300_000 - 4_000);
    const consented = await overstayedADay('CAP 200');
    const payCode = await payCodeFor(consented.cookie, lotId, 100_000);
    const paid = await gateExit(owner, consented.id, { lotId, plate: 'CAP 200', payCode });
    expect(await paid.json<Checkin>()).toMatchObject({ amountCents: 100_000, paidBy: 'wallet', walletCapCents: null });
    expect(await balanceOf(consented.user.id)).toBe(300_000 - 4_000 - 100_000);
  });
});

describe('who pays, worked out on its own', () => {
  const ctx = () => ({ env, db: db() });

  it("names no payer for a walk-in without a pay code, and the reservation's driver for an overstay their wallet covers", async () => {
    const lotId = await makeLot(2);
    const now = new Date();
    const walking = (await findCheckin(db(), (await walkIn(lotId, 'PAY 100', 65)).id))!;
    expect(await paymentOf(ctx(), walking, await priceOfStay(db(), walking, now), undefined, now)).toEqual({
      payCode: null,
      payer: null,
      basis: expect.objectContaining({ consented: false, reservedUntilMs: null, balanceCents: null }),
      paidBy: 'cash',
      payerId: null,
      walletCapCents: null,
      stayReservationId: null,
      idempotencyKey: `checkin:${walking.id}:exit`,
    });
    const { user, booking, token } = await reservedCar(lotId);
    const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).json<Checkin>();
    const reserved = (await findCheckin(db(), id))!;
    const endMs = Date.parse(booking.endTs);
    const over = await priceOfStay(db(), reserved, new Date(endMs + 61 * MINUTE));
    expect(await paymentOf(ctx(), reserved, over, undefined, now)).toMatchObject({
      payer: { userId: user.id },
      paidBy: 'wallet',
      payerId: user.id,
      walletCapCents: null,
      stayReservationId: booking.id,
    });
    // On time: nothing for the wallet to pay.
    const onTime = await priceOfStay(db(), reserved, new Date(endMs - MINUTE));
    expect(await paymentOf(ctx(), reserved, onTime, undefined, now)).toMatchObject({ paidBy: null, stayReservationId: booking.id });
  });

  it("makes a pay code's walk-in a stay of its driver, keyed by the code; refuses a wallet short of the charge, moving nothing", async () => {
    const lotId = await makeLot(1);
    const now = new Date();
    const stay = (await findCheckin(db(), (await walkIn(lotId, 'PAY 200', 65)).id))!;
    const price = await priceOfStay(db(), stay, now);
    const payer = await driver(1_000);
    const payment = await paymentOf(ctx(), stay, price, await payCodeFor(payer.cookie, lotId), now);
    expect(payment).toMatchObject({ payer: { userId: payer.user.id }, paidBy: 'wallet', stayReservationId: expect.any(String) });
    expect(payment.idempotencyKey).toBe(`paycode:${payment.payCode?.codeId}`);
    const poor = await driver(10);
    await expect(paymentOf(ctx(), stay, price, await payCodeFor(poor.cookie, lotId), now)).rejects.toThrow(
      "The driver's wallet holds ₱10.00, short of ₱80.00: collect cash, or ask them to top up and show a new code.",
    );
    expect(await balanceOf(payer.user.id)).toBe(100_000);
    expect(await balanceOf(poor.user.id)).toBe(1_000);
  });

  it("records nothing when a reservation's wallet fell short since the decision, and answers the decision taken again: cash", async () => {
    const lotId = await makeLot(1);
    const { user, booking, token } = await reservedCar(lotId);
    const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).json<Checkin>();
    const stay = (await findCheckin(db(), id))!;
    const now = new Date(Date.parse(booking.endTs) + 61 * MINUTE);
    const price = await priceOfStay(db(), stay, now);
    const payment = await paymentOf(ctx(), stay, price, undefined, now);
    expect(payment).toMatchObject({ paidBy: 'wallet', payerId: user.id });
    // Meanwhile the driver spends all but ₱10 elsewhere.
    const spent = (await balanceOf(user.id)) - 1_000;
    await payFromWallet(db(), {
      userId: user.id,
      reservationId: null,
      amountCents: spent,
      description: 'Elsewhere',
      idempotencyKey: 'elsewhere',
    });
    const lostTicket = db().$client.prepare('UPDATE checkins SET lost_ticket = 1 WHERE id = ?').bind(id);
    expect(await commitExit(db(), price, payment, id, [lostTicket])).toMatchObject({ paidBy: 'cash', payerId: null, walletCapCents: null });
    expect(await balanceOf(user.id)).toBe(1_000);
    expect((await db().select().from(checkins).where(eq(checkins.id, id)))[0].lostTicket).toBe(false);
  });
});
