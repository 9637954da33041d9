/**
 * D1 is the record; the lot object follows it. Each case injects a fault at one step of the booking
 * protocol (docs/booking.md, failure table) and checks that money and slots still agree.
 */
import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { charges, notifications, reservations, slots, walletTransactions } from '../db/schema';
import { afterCommit } from '../db/after-commit';
import { HOLD_TTL_MS } from '../lot-object/protocol';
import { lotObject } from '../lot-object/stub';
import {
  balanceOf,
  cancelBooking,
  contextWith,
  driver,
  failInserts,
  HOUR,
  inMinutes,
  lostAfterCommit,
  makeLot,
  MINUTE,
  modifyBooking,
  objectBooking,
  reservationRow,
  reserve,
  serviceRequest,
} from '../test/booking-fixtures';
import { call, db, seedOnce } from '../test/helpers';
import { book, CHANGED_MEANWHILE, extend, HOLD_EXPIRED, modify, NOT_CONFIRMED } from './reservations.service';
import { refusalResponse, statusOf } from '../http/errors';
import { runLotTimers } from '../test/lot-timers';

beforeAll(seedOnce);

const afterLapse = () => Date.now() + HOLD_TTL_MS + 5_000;
const windowOf = (row: { startTs: string; endTs: string; slotId: string | null }) => ({
  slotId: row.slotId,
  startMs: Date.parse(row.startTs),
  endMs: Date.parse(row.endTs),
});

describe('once the D1 batch commits, nothing releases the hold', () => {
  it('keeps a paid booking and its slot when the auto top-up and the notices after it fail', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000); // GCash is now a saved method
    await call('/api/wallet/auto-topup', {
      method: 'PUT',
      cookie,
      json: { enabled: true, thresholdCents: 200_000, amountCents: 50_000, method: 'gcash' },
    });
    const topups = await failInserts('payments', "NEW.origin = 'auto_topup'");
    const notices = await failInserts('notifications', "NEW.type IN ('BOOKING_CONFIRMED', 'PAYMENT_SUCCESS')");
    try {
      const res = await reserve(cookie, { lotId, start: inMinutes(60) });
      expect(res.status).toBe(201);
      const booking = await res.json<{ id: string; status: string }>();
      expect(booking.status).toBe('CONFIRMED');
      expect(await objectBooking(lotId, booking.id)).toMatchObject(windowOf(await reservationRow(booking.id)));
      expect(await balanceOf(user.id)).toBe(92_000);
      // The slot is sold: nobody else gets it.
      expect((await reserve((await driver(1_000)).cookie, { lotId, start: inMinutes(60) })).status).toBe(409);
    } finally {
      await topups.heal();
      await notices.heal();
    }
  });

  it('answers with the booking when follow-up work throws, and the alarm finds nothing to undo', async () => {
    const lotId = await makeLot(1);
    const { user } = await driver(1_000);
    const ctx = contextWith({
      afterCommit: (what, work) =>
        afterCommit(what, async () => {
          await work();
          throw new Error('injected');
        }),
    });
    const { reservation } = await book(
      ctx,
      { lotId, start: inMinutes(60), durationHours: 2, plate: 'NAB 1234' },
      serviceRequest(user.id, 'reservations.create'),
    );
    await runLotTimers(lotObject(env, lotId), afterLapse());
    expect(await objectBooking(lotId, reservation.id)).toMatchObject(windowOf(await reservationRow(reservation.id)));
  });
});

describe('an error after the batch committed (a lost connection)', () => {
  it('keeps the hold: no second driver gets the slot, and the alarm books exactly what D1 records', async () => {
    const lotId = await makeLot(1);
    const { user } = await driver(1_000);
    const request = serviceRequest(user.id, 'reservations.create');
    const refusal = await book(
      contextWith({ db: lostAfterCommit() }),
      { lotId, start: inMinutes(60), durationHours: 2, plate: 'NAB 1234' },
      request,
    ).then(
      () => null,
      (error) => ({ status: statusOf(error.kind), body: refusalResponse(error).json() }),
    );
    expect(refusal?.status).toBe(503);
    expect(await refusal?.body).toEqual({ message: NOT_CONFIRMED });
    const [paid] = await db().select().from(reservations).where(eq(reservations.lotId, lotId));
    expect(paid.status).toBe('CONFIRMED');
    expect((await reserve((await driver(1_000)).cookie, { lotId, start: inMinutes(60) })).status).toBe(409);
    // The retry with the same key answers the booking; the alarm settles the hold on D1's record.
    expect((await book(contextWith(), { lotId, start: inMinutes(60), durationHours: 2, plate: 'NAB 1234' }, request)).reservation.id).toBe(
      paid.id,
    );
    await runLotTimers(lotObject(env, lotId), afterLapse());
    expect(await objectBooking(lotId, paid.id)).toMatchObject(windowOf(paid));
  });

  it('a modify that committed in D1 is never expired at its old deadline', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 1 })).json<{
      id: string;
      startTs: string;
    }>();
    await modify(
      contextWith({ db: lostAfterCommit() }),
      booking.id,
      { start: inMinutes(2 * 24 * 60), durationHours: 1 },
      serviceRequest(user.id, `reservations.modify:${booking.id}`),
    ).catch(() => null);
    const moved = await reservationRow(booking.id);
    expect(Date.parse(moved.startTs)).toBeGreaterThan(Date.now() + 24 * HOUR);
    await runLotTimers(lotObject(env, lotId), Date.parse(booking.startTs) + 16 * MINUTE);
    expect((await reservationRow(booking.id)).status).toBe('CONFIRMED');
    expect(await objectBooking(lotId, booking.id)).toMatchObject(windowOf(moved));
  });
});

describe('a lost commit: the alarm makes the object hold exactly what D1 records', () => {
  const losingCommits = () => contextWith({ lot: () => ({ commit: () => Promise.reject(new Error('commit lost')) }) });

  it('a new booking: held until the alarm, then booked for its D1 window', async () => {
    const lotId = await makeLot(1);
    const { user } = await driver(1_000);
    const { reservation } = await book(
      losingCommits(),
      { lotId, start: inMinutes(60), durationHours: 2, plate: 'NAB 1234' },
      serviceRequest(user.id, 'reservations.create'),
    );
    expect(await objectBooking(lotId, reservation.id)).toBeNull();
    expect((await reserve((await driver(1_000)).cookie, { lotId, start: inMinutes(90) })).status).toBe(409); // still held
    await runLotTimers(lotObject(env, lotId), afterLapse());
    expect(await objectBooking(lotId, reservation.id)).toMatchObject(windowOf(await reservationRow(reservation.id)));
    // A second pass changes nothing.
    await runLotTimers(lotObject(env, lotId), afterLapse() + MINUTE);
    expect(await objectBooking(lotId, reservation.id)).toMatchObject(windowOf(await reservationRow(reservation.id)));
  });

  it('an extension: the whole extended window, not only the added hour', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 2 })).json<{
      id: string;
      startTs: string;
      endTs: string;
    }>();
    await extend(losingCommits(), booking.id, 1, serviceRequest(user.id, `reservations.extend:${booking.id}`));
    await runLotTimers(lotObject(env, lotId), afterLapse());
    const row = await reservationRow(booking.id);
    expect(row.endTs).toBe(new Date(Date.parse(booking.endTs) + HOUR).toISOString());
    expect(await objectBooking(lotId, booking.id)).toMatchObject(windowOf(row));
    expect(windowOf(row).startMs).toBe(Date.parse(booking.startTs));
  });

  it('a modify that never committed (its hold left behind): the old window stays, the new one is freed', async () => {
    const lotId = await makeLot(2);
    const { cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 1 })).json<{ id: string }>();
    const stub = lotObject(env, lotId);
    const slotRows = await db().select().from(slots).where(eq(slots.lotId, lotId));
    const later = { startMs: Date.now() + 5 * HOUR, endMs: Date.now() + 6 * HOUR };
    expect(
      (
        await stub.hold({
          holdId: crypto.randomUUID(),
          reservationId: booking.id,
          ...later,
          slots: slotRows,
          needs: { vehicleType: 'car' },
        })
      ).ok,
    ).toBe(true);
    await runLotTimers(stub, afterLapse());
    expect(await objectBooking(lotId, booking.id)).toMatchObject(windowOf(await reservationRow(booking.id)));
    expect(await stub.availability(later, 2)).toMatchObject({ free: 2 });
  });
});

describe('a commit cannot be undone by the alarm', () => {
  it('when the alarm lets a hold lapse first, the write on it fails and no money moves', async () => {
    const lotId = await makeLot(1);
    const { user } = await driver(1_000);
    // The alarm fires (past the hold's lease) between the hold and the payment.
    const ctx = contextWith({
      lot: (real) => ({
        hold: async (request, now) => {
          const held = await real.hold(request, now);
          await runLotTimers(lotObject(env, lotId), afterLapse());
          return held;
        },
      }),
    });
    const refusal = await book(
      ctx,
      { lotId, start: inMinutes(60), durationHours: 2, plate: 'NAB 1234' },
      serviceRequest(user.id, 'reservations.create'),
    ).then(
      () => null,
      (error) => refusalResponse(error).json(),
    );
    expect(refusal).toEqual({ message: HOLD_EXPIRED });
    expect(await balanceOf(user.id)).toBe(100_000);
    expect(await db().select().from(reservations).where(eq(reservations.lotId, lotId))).toEqual([]);
    expect(await lotObject(env, lotId).availability({ startMs: Date.now() + HOUR, endMs: Date.now() + 3 * HOUR }, 1)).toMatchObject({
      free: 1,
    });
  });
});

describe('status changes are conditional', () => {
  it('an extension racing a no-show charges nothing for the expired reservation', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(1), durationHours: 1 })).json<{ id: string; startTs: string }>();
    const noShowDeadlinePassed = Date.parse(booking.startTs) + 16 * MINUTE;
    // The no-show lands after the extension has read the reservation and held its hour.
    const ctx = contextWith({
      lot: (real) => ({
        hold: async (request, now) => {
          const held = await real.hold(request, now);
          await runLotTimers(lotObject(env, lotId), noShowDeadlinePassed);
          return held;
        },
      }),
    });
    const refusal = await extend(ctx, booking.id, 1, serviceRequest(user.id, `reservations.extend:${booking.id}`)).then(
      () => null,
      (error) => refusalResponse(error).json(),
    );
    expect(refusal).toEqual({ message: CHANGED_MEANWHILE });
    expect((await reservationRow(booking.id)).status).toBe('EXPIRED');
    expect(await balanceOf(user.id)).toBe(96_000);
    expect((await db().select().from(charges).where(eq(charges.reservationId, booking.id))).map((c) => c.kind)).toEqual(['BOOKING']);
    expect(await objectBooking(lotId, booking.id)).toBeNull();
  });

  it('a stale change (its lock lapsed, the record moved on) writes nothing', async () => {
    const lotId = await makeLot(2);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(120), durationHours: 1 })).json<{ id: string }>();
    // A modify reads the reservation; a cancel lands before its write.
    const ctx = contextWith({
      lot: (real) => ({
        hold: async (request, now) => {
          const held = await real.hold(request, now);
          await db().update(reservations).set({ status: 'CANCELLED', version: 7 }).where(eq(reservations.id, booking.id));
          return held;
        },
      }),
    });
    const refusal = await modify(
      ctx,
      booking.id,
      { start: inMinutes(240), durationHours: 3 },
      serviceRequest(user.id, `reservations.modify:${booking.id}`),
    ).then(
      () => null,
      (error) => refusalResponse(error).json(),
    );
    expect(refusal).toEqual({ message: CHANGED_MEANWHILE });
    expect(await balanceOf(user.id)).toBe(96_000);
    expect(await reservationRow(booking.id)).toMatchObject({ status: 'CANCELLED', version: 7, amountCents: 4_000 });
    expect(await lotObject(env, lotId).availability({ startMs: Date.now() + 4 * HOUR, endMs: Date.now() + 7 * HOUR }, 2)).toMatchObject({
      free: 2,
    });
  });
});

describe('the refund window cannot be bypassed', () => {
  it('a booking inside its no-refund window cannot be moved later (and so made refundable again)', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(10), durationHours: 2 })).json<{ id: string }>();
    const moved = await modifyBooking(cookie, booking.id, { start: inMinutes(20 * 24 * 60), durationHours: 2 });
    expect(moved.status).toBe(409);
    expect((await moved.json<{ message: string }>()).message).toBe(
      'Changes close 15 minutes before the start, with free cancellation. This one can still be extended or cancelled.',
    );
    expect(await (await cancelBooking(cookie, booking.id)).json()).toMatchObject({ refundCents: 0 });
    expect(await balanceOf(user.id)).toBe(92_000);
    expect(
      await db()
        .select()
        .from(walletTransactions)
        .where(and(eq(walletTransactions.reservationId, booking.id), eq(walletTransactions.type, 'REFUND'))),
    ).toEqual([]);
  });

  it('a booking outside it can still be moved, and its cancellation then refunds in full', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(30), durationHours: 2 })).json<{ id: string }>();
    expect((await modifyBooking(cookie, booking.id, { start: inMinutes(24 * 60), durationHours: 2 })).status).toBe(200);
    expect(await (await cancelBooking(cookie, booking.id)).json()).toMatchObject({ refundCents: 8_000 });
    expect(await balanceOf(user.id)).toBe(100_000);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.length).toBeGreaterThan(0);
  });
});
