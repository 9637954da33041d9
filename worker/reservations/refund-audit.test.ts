/** Every refund leaves a REFUND audit entry written in its own D1 batch: both or neither (docs/admin.md). */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, walletTransactions } from '../db/schema';
import {
  balanceOf,
  cancelBooking,
  contextWith,
  driver,
  failInserts,
  inMinutes,
  makeLot,
  modifyBooking,
  reservationRow,
  reserve,
  serviceRequest,
} from '../test/booking-fixtures';
import { db, seedOnce } from '../test/helpers';
import { cancel } from './reservations.service';

beforeAll(seedOnce);

type Booking = { id: string; startTs: string };

const refundEntries = (reservationId: string) =>
  db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, 'REFUND'), eq(auditLogs.subject, `reservation:${reservationId}`)));
const refundRows = (reservationId: string) =>
  db()
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.type, 'REFUND'), eq(walletTransactions.reservationId, reservationId)));

async function booked(start = inMinutes(60)) {
  const lotId = await makeLot(1);
  const { user, cookie } = await driver(1_000);
  const booking = await (await reserve(cookie, { lotId, start })).json<Booking>();
  return { user, cookie, booking };
}

describe('refund audit', () => {
  it('records the cancellation refund with the driver as actor and the amount refunded', async () => {
    const { user, cookie, booking } = await booked();
    expect((await cancelBooking(cookie, booking.id)).status).toBe(200);
    const [entry, ...more] = await refundEntries(booking.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actorId: user.id, actor: `${user.firstName} ${user.lastName} <${user.email}>` });
    expect(JSON.parse(entry.contextJson)).toMatchObject({
      amountCents: 8_000,
      description: expect.stringContaining('Refund: cancelled parking'),
    });
  });

  it('records the refund of a change to a cheaper window', async () => {
    const { cookie, booking } = await booked();
    expect((await modifyBooking(cookie, booking.id, { start: booking.startTs, durationHours: 1 })).status).toBe(200);
    const entries = await refundEntries(booking.id);
    expect(entries.map((e) => JSON.parse(e.contextJson).amountCents)).toEqual([4_000]);
  });

  it('records nothing when nothing is refunded', async () => {
    const { cookie, booking } = await booked(inMinutes(14));
    expect(await (await cancelBooking(cookie, booking.id)).json()).toMatchObject({ refundCents: 0 });
    expect(await refundEntries(booking.id)).toEqual([]);
  });

  it('leaves neither the refund nor its entry when the batch fails at the entry or at the refund', async () => {
    for (const [table, when] of [
      ['audit_logs', "NEW.action = 'REFUND'"],
      ['wallet_transactions', "NEW.type = 'REFUND'"],
    ]) {
      const { user, booking } = await booked();
      const fault = await failInserts(table, when);
      try {
        await expect(cancel(contextWith(), booking.id, serviceRequest(user.id, `reservations.cancel:${booking.id}`))).rejects.toThrow();
      } finally {
        await fault.heal();
      }
      expect(await refundEntries(booking.id), table).toEqual([]);
      expect(await refundRows(booking.id), table).toEqual([]);
      expect((await reservationRow(booking.id)).status, table).toBe('CONFIRMED');
      expect(await balanceOf(user.id), table).toBe(92_000);
    }
  });
});
