/** Refunds of gate charges by the lot's owner or the super admin (gate-refunds.service.ts). */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, walletTransactions } from '../db/schema';
import { moneyTotal } from '../owner/figures.data';
import { balanceOf, driver, HOUR, makeLot } from '../test/booking-fixtures';
import { atTheGate, gateExit, overstayedOneHour, payCodeFor, walkIn, type Checkin } from '../test/gate-fixtures';
import { call, db, key, messageOf } from '../test/helpers';
import { recordedCheckin } from './checkin.service';

let owner = '';
let attendant = '';
beforeAll(async () => {
  ({ owner, attendant } = await atTheGate());
});

describe('refunds of gate charges', () => {
  const refund = (cookie: string, checkinId: string, json: Record<string, unknown>, headers: HeadersInit = key()) =>
    call(`/api/owner/checkins/${checkinId}/refund`, { method: 'POST', cookie, json, headers });

  it('pays part of a wallet overstay back to the wallet, once per key, never beyond the charge: ledger row, audit, receipt voided and reissued', async () => {
    const { user, cookie, booking, closed } = await overstayedOneHour();
    const { id } = closed;
    expect(closed).toMatchObject({ amountCents: 8_000, paidBy: 'wallet' });
    const before = await balanceOf(user.id);

    const headers = key();
    const body = { amountCents: 3_000, reason: 'Barrier stuck at the exit' };
    const first = await refund(owner, id, body, headers);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ checkinId: id, amountCents: 3_000, method: 'wallet', refundedCents: 3_000 });
    expect((await refund(owner, id, body, headers)).headers.get('Idempotent-Replayed')).toBe('true');
    expect(await balanceOf(user.id)).toBe(before + 3_000);
    const [credit] = await db()
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.reservationId, booking.id), eq(walletTransactions.type, 'REFUND')));
    expect(credit).toMatchObject({ amountCents: 3_000, description: expect.stringContaining('Barrier stuck at the exit') });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'REFUND'), eq(auditLogs.subject, `checkin:${id}`)));
    expect(audit.actor).toContain('owner@parkada.ph');
    expect(JSON.parse(audit.contextJson)).toMatchObject({ amountCents: 3_000, reason: 'Barrier stuck at the exit', to: 'wallet' });
    // The receipt of the check-out is voided by a new numbered document; a new receipt for the rest replaces it.
    type Document = {
      number: string;
      amountCents: number;
      lines: { label: string; amountCents: number; method: string }[];
      id: string;
      voidedBy: { number: string } | null;
      replacedBy: { id: string; number: string } | null;
      replaces: { id: string; number: string } | null;
    };
    const voided = await (await call(`/api/receipts/${closed.receiptId}`, { cookie })).json<Document>();
    expect(voided).toMatchObject({ amountCents: 12_000, voidedBy: { number: expect.any(String) }, replacedBy: { id: expect.any(String) } });
    const receipt = await (await call(`/api/receipts/${voided.replacedBy!.id}`, { cookie })).json<Document>();
    expect(receipt).toMatchObject({
      amountCents: 12_000 - 3_000,
      voidedBy: null,
      replaces: { id: closed.receiptId, number: voided.number },
    });
    expect(receipt.lines.at(-1)).toMatchObject({ label: 'Refund by the lot', amountCents: -3_000, method: 'Parkada Wallet' });
    expect(voided.lines.map((line) => line.label)).toEqual(['Parking', 'Overstay']);
    // The gate's records open the current receipt.
    expect((await recordedCheckin(db(), id)).receiptId).toBe(receipt.id);

    const tooMuch = await refund(owner, id, { amountCents: 5_001, reason: 'Goodwill' });
    expect(tooMuch.status).toBe(409);
    expect(await messageOf(tooMuch)).toBe('At most ₱50.00 of this ₱80.00 charge is left to refund.');
    // Two refunds of the rest at once: one is paid, the other refused; the wallet gets the charge back once.
    const race = await Promise.all([
      refund(owner, id, { amountCents: 5_000, reason: 'Goodwill' }),
      refund(owner, id, { amountCents: 5_000, reason: 'Goodwill' }),
    ]);
    expect(race.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(await balanceOf(user.id)).toBe(before + 8_000);
  });

  it("pays a charge back to the wallet of the pay code's driver who paid it, not the reservation's", async () => {
    const friend = await driver(1_000);
    const { user, closed } = await overstayedOneHour(async (lotId) => ({ payCode: await payCodeFor(friend.cookie, lotId) }));
    expect(closed).toMatchObject({ amountCents: 8_000, paidBy: 'wallet' });
    expect(await balanceOf(friend.user.id)).toBe(100_000 - 8_000);
    const holder = await balanceOf(user.id);
    const res = await refund(owner, closed.id, { amountCents: 3_000, reason: 'Barrier stuck at the exit' });
    expect(await res.json()).toMatchObject({ method: 'wallet', refundedCents: 3_000 });
    expect(await balanceOf(friend.user.id)).toBe(100_000 - 5_000);
    expect(await balanceOf(user.id)).toBe(holder);
  });

  it("pays a cash walk-in back in cash: the lot's revenue drops, no wallet moves; a driver, an attendant or another owner cannot refund", async () => {
    const lotId = await makeLot(1);
    const stay = await walkIn(lotId, 'CSH 100', 65);
    expect(await (await gateExit(owner, stay.id, { lotId, plate: 'CSH 100' })).json<Checkin>()).toMatchObject({
      amountCents: 8_000,
      paidBy: 'cash',
    });
    const { cookie: driverCookie } = await driver(10);
    for (const cookie of [driverCookie, attendant])
      expect((await refund(cookie, stay.id, { amountCents: 100, reason: 'Mine' })).status).toBe(403);
    const revenue = () => moneyTotal(db(), { ownerId: null, lotId }, { from: new Date(0), to: new Date(Date.now() + HOUR) });
    expect(await revenue()).toBe(8_000);
    const res = await refund(owner, stay.id, { amountCents: 8_000, reason: 'Charged the wrong car' });
    expect(await revenue()).toBe(0);
    expect(await res.json()).toMatchObject({ method: 'cash', refundedCents: 8_000 });
    const activity = await (await call(`/api/attendant/activity?lotId=${lotId}`, { cookie: owner })).json<
      { checkinId: string; type: string; refundedCents: number }[]
    >();
    expect(activity.find((item) => item.type === 'checkout' && item.checkinId === stay.id)).toMatchObject({ refundedCents: 8_000 });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'REFUND'), eq(auditLogs.subject, `checkin:${stay.id}`)));
    expect(JSON.parse(audit.contextJson)).toMatchObject({ to: 'cash', reason: 'Charged the wrong car', plate: 'CSH 100' });
    const bad = await refund(owner, stay.id, { amountCents: 0, reason: 'x' });
    expect(bad.status).toBe(400);
  });
});
