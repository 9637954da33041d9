import type { InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelBooking, driver, inMinutes, makeLot, reserve } from '../test/booking-fixtures';
import { newId } from '../db/ids';
import { attendantAssignments } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/seed';
import { findUserByEmail } from '../users/users.data';
import type { Api, ApiErrorBody } from '../test/api-types';
import { call, cookieFor, db, seedOnce } from '../test/helpers';

type Booking = InferResponseType<Api['reservations']['$post'], 201>;
type Receipts = InferResponseType<Api['receipts']['$get'], 200>;
type Receipt = InferResponseType<Api['receipts'][':id']['$get'], 200>;

beforeAll(seedOnce);

describe('receipts', () => {
  it('issues one receipt per booking and keeps it equal to the net amount paid', async () => {
    const lotId = await makeLot(1, { progressive: true });
    const { cookie } = await driver(2_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 3 })).json<Booking>();
    const list = (await (await call('/api/receipts', { cookie })).json<Receipts>()).items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ reservationId: booking.id, amountCents: 12_000, currency: 'PHP', lot: { name: booking.lotName } });
    expect(list[0].number).toBe(`PKD-${list[0].id.slice(0, 8).toUpperCase()}`);

    await call(`/api/reservations/${booking.id}/extend`, {
      method: 'POST',
      cookie,
      json: { hours: 1 },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    const receipt = await (await call(`/api/receipts/${list[0].id}`, { cookie })).json<Receipt>();
    // 4 h progressive: ₱144 in all, of which 12/112 is VAT.
    expect(receipt).toMatchObject({
      amountCents: 14_400,
      vatCents: 1_543,
      netOfVatCents: 12_857,
      vehiclePlate: 'NAB 1234',
      slotLabel: 'A-1',
      paymentMethod: 'Parkada Wallet',
    });
    expect(receipt.lines.map((l) => [l.label, l.amountCents])).toEqual([
      ['Parking', 12_000],
      ['Extension', 2_400],
    ]);
    expect(receipt.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(receipt.amountCents);
    expect(receipt.paymentReference).toMatch(/^[0-9A-F-]{13}$/);

    await cancelBooking(cookie, booking.id);
    const cancelled = await (await call(`/api/receipts/${list[0].id}`, { cookie })).json<Receipt>();
    expect(cancelled).toMatchObject({ amountCents: 0, vatCents: 0, status: 'CANCELLED' });
    expect(cancelled.lines.at(-1)).toMatchObject({ label: 'Refund to wallet', amountCents: -14_400 });
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
