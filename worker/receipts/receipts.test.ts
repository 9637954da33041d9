import type { InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelBooking, driver, inMinutes, makeLot, reserve } from '../test/booking-fixtures';
import { newId } from '../db/ids';
import { attendantAssignments } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/seed';
import { findUserByEmail } from '../users/users.data';
import type { Api, ApiErrorBody } from '../test/api-types';
import { call, cookieFor, db, seedOnce } from '../test/helpers';
import { expectGapFreeSeries, expectReceiptChain } from '../test/receipt-checks';
import { receiptInitials, RECEIPT_NUMBER_PATTERN } from '../../core/receipts';

type Booking = InferResponseType<Api['reservations']['$post'], 201>;
type Receipts = InferResponseType<Api['receipts']['$get'], 200>;
type Receipt = InferResponseType<Api['receipts'][':id']['$get'], 200>;

beforeAll(seedOnce);

describe('receipts', () => {
  it('issues a numbered receipt with the booking; a change voids it with a numbered VOID and issues the next', async () => {
    const lotId = await makeLot(1, { progressive: true });
    const { cookie } = await driver(2_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 3 })).json<Booking>();
    const list = (await (await call('/api/receipts', { cookie })).json<Receipts>()).items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      kind: 'RECEIPT',
      reservationId: booking.id,
      amountCents: 12_000,
      currency: 'PHP',
      lot: { name: booking.lotName },
      replaces: null,
      voidedBy: null,
    });
    // The lot's first document: its prefix (the name's initials and a counter), then 000001.
    const first = list[0];
    expect(first.number).toMatch(RECEIPT_NUMBER_PATTERN);
    const prefix = first.number.split('-')[0];
    expect(prefix.startsWith(receiptInitials(booking.lotName))).toBe(true);
    expect(first.number).toBe(`${prefix}-000001`);

    await call(`/api/reservations/${booking.id}/extend`, {
      method: 'POST',
      cookie,
      json: { hours: 1 },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    // Still one receipt in the list: the new one (3), replacing the first, which a VOID (2) cancelled.
    const [current] = (await (await call('/api/receipts', { cookie })).json<Receipts>()).items;
    expect(current).toMatchObject({ number: `${prefix}-000003`, replaces: { id: first.id, number: first.number }, voidedBy: null });
    const receipt = await (await call(`/api/receipts/${current.id}`, { cookie })).json<Receipt>();
    // 4 h progressive: ₱144 in all, of which 12/112 is VAT.
    expect(receipt).toMatchObject({
      amountCents: 14_400,
      vatCents: 1_543,
      netOfVatCents: 12_857,
      vehiclePlate: 'NAB 1234',
      slotLabel: 'A-1',
      paymentMethod: 'Parkada Wallet',
      voids: null,
      replacedBy: null,
    });
    expect(receipt.lines.map((l) => [l.label, l.amountCents])).toEqual([
      ['Parking', 12_000],
      ['Extension', 2_400],
    ]);
    expect(receipt.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(receipt.amountCents);
    expect(receipt.paymentReference).toMatch(/^[0-9A-F-]{13}$/);
    // The first receipt reads as it was issued, and names its VOID and what replaced it.
    const old = await (await call(`/api/receipts/${first.id}`, { cookie })).json<Receipt>();
    expect(old).toMatchObject({
      amountCents: 12_000,
      voidedBy: { number: `${prefix}-000002` },
      replacedBy: { id: current.id, number: `${prefix}-000003` },
    });
    expect(old.lines.map((l) => [l.label, l.amountCents])).toEqual([['Parking', 12_000]]);
    const firstVoid = await (await call(`/api/receipts/${old.voidedBy!.id}`, { cookie })).json<Receipt>();
    expect(firstVoid).toMatchObject({
      kind: 'VOID',
      number: `${prefix}-000002`,
      amountCents: 12_000,
      voids: { id: first.id, number: first.number },
    });

    // A cancellation with a full refund: a VOID only, and the list shows the receipt voided.
    await cancelBooking(cookie, booking.id);
    const cancelledList = (await (await call('/api/receipts', { cookie })).json<Receipts>()).items;
    expect(cancelledList).toHaveLength(1);
    expect(cancelledList[0]).toMatchObject({ id: current.id, status: 'CANCELLED', voidedBy: { number: `${prefix}-000004` } });
    const cancelled = await (await call(`/api/receipts/${current.id}`, { cookie })).json<Receipt>();
    expect(cancelled).toMatchObject({ amountCents: 14_400, replacedBy: null, voidedBy: { number: `${prefix}-000004` } });
    await expectReceiptChain(booking.id, 0);
    await expectGapFreeSeries(lotId);
  });

  it("hides another driver's receipt (404) and refuses a malformed id (400)", async () => {
    const lotId = await makeLot(1);
    const owner = await driver(1_000);
    const other = await driver(0);
    await reserve(owner.cookie, { lotId, start: inMinutes(60) });
    const [receipt] = (await (await call('/api/receipts', { cookie: owner.cookie })).json<Receipts>()).items;
    expect((await call(`/api/receipts/${receipt.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await (await call('/api/receipts', { cookie: other.cookie })).json<Receipts>()).items).toEqual([]);
    const bad = await call('/api/receipts/not-an-id', { cookie: owner.cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json<ApiErrorBody>()).message).toBe('Unknown receipt id');
  });

  it("opens a receipt to the driver and to the staff of the stay's lot, and to no one else", async () => {
    const [lotId, otherLotId] = [await makeLot(2), await makeLot(2)];
    const { cookie } = await driver(2_000);
    await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 1 });
    const [receipt] = (await (await call('/api/receipts', { cookie })).json<{ items: { id: string }[] }>()).items;
    const attendant = (await findUserByEmail(db(), DEMO_ACCOUNTS.find((a) => a.role === 'attendant')!.email))!;
    const attendantCookie = await cookieFor('attendant');
    const read = (who: string) => call(`/api/receipts/${receipt.id}`, { cookie: who });

    expect((await read(cookie)).status).toBe(200);
    expect((await read(attendantCookie)).status).toBe(404);
    await db().insert(attendantAssignments).values({ id: newId(), attendantId: attendant.id, lotId: otherLotId });
    expect((await read(attendantCookie)).status).toBe(404);
    await db().insert(attendantAssignments).values({ id: newId(), attendantId: attendant.id, lotId });
    expect((await read(attendantCookie)).status).toBe(200);
    expect((await read((await driver(0)).cookie)).status).toBe(404);
    expect((await read(await cookieFor('super_admin'))).status).toBe(200);
  });
});
