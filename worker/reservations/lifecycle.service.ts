/**
 * What happens to reservations as time passes, decided on the D1 side (docs/booking.md). The lot
 * object keeps the clock: its alarm sends each item it finds due to the lot-timers Queue, and this
 * module consumes them. It reads D1, changes the record with conditional writes, and makes the object
 * follow through its stub. A message that finds a booking changed meanwhile, or fails, is delivered
 * again by the Queue (five times, then the dead-letter queue).
 */
import { END_REMINDER_MINUTES, holdsSlot, START_REMINDER_MINUTES } from '../../core/booking';
import { extendUrlOf } from '../../core/push';
import { Refusal } from '../../core/refusal';
import { formatDateTime, MINUTE_MS } from '../../core/time';
import { readPreferences } from '../preferences/preferences.data';
import { afterCommit } from '../db/after-commit';
import { commit, createDb } from '../db/client';
import { changedMeanwhile } from '../db/guards';
import type { Bindings } from '../env';
import { OVERSTAY_HOLD_MS, type BookingRecord, type LotClock, type LotTimerMessage } from '../lot-object/protocol';
import { lotObject } from '../lot-object/stub';
import { recordBackgroundFailure } from '../health/background-failures.data';
import { sendNotice, type PushTarget } from '../notifications/notifications.service';
import { readSettings } from '../platform/settings.data';
import { claimLapsedHold } from './holds.data';
import type { BookingContext } from './booking-context.service';
import { extend } from './changes.service';
import { openWalkIns, reservationForTimers } from './lot-timers.data';
import { bookingRecordOf } from './reservations.data';
import { updateIfUnchanged } from './reservations.statements';

/** Auto Extend adds this much to a checked-in stay near its end. */
const AUTO_EXTEND_HOURS = 1;

type TimedReservation = NonNullable<Awaited<ReturnType<typeof reservationForTimers>>>;
/** A reservation D1 does not have (or no longer lets hold a slot, at `version`): the object holds nothing for it. */
const noLongerHeld = (reservationId: string, version = Number.MAX_SAFE_INTEGER): BookingRecord => ({
  reservationId,
  version,
  live: false,
  slotId: null,
  startMs: 0,
  endMs: 0,
});

/** A message whose booking changed while D1 was read is looked at again this much later. */
const RETRY_SECONDS = 30;

/** The worker's queue() handler of the lot-timers Queue: each message acted on, retried, or logged and retried. */
export async function consumeLotTimers(batch: MessageBatch<LotTimerMessage>, env: Bindings): Promise<void> {
  for (const message of batch.messages) {
    try {
      if ((await actOnDue(env, message.body)) === 'later') message.retry({ delaySeconds: RETRY_SECONDS });
      else message.ack();
    } catch (error) {
      // D1 or the object failing: the item is due again at the Queue's next delivery.
      await recordBackgroundFailure(env.DB, { job: 'Lot timers', subject: message.body.lotId, error }, Date.now()).catch(() => undefined);
      message.retry({ delaySeconds: RETRY_SECONDS });
    }
  }
}

/**
 * One due item. Its instant is the alarm's, or the clock's when a retry comes later. Answers 'later'
 * when a booking changed while D1 was read, so the Queue delivers it again.
 */
async function actOnDue(env: Bindings, due: LotTimerMessage): Promise<'done' | 'later'> {
  const lot = lotObject(env, due.lotId);
  const ctx: BookingContext = { env, db: createDb(env.DB), lot: () => lot, afterCommit };
  const now = Math.max(due.now, Date.now());
  const { noShowGraceMinutes } = await readSettings(ctx.db);
  switch (due.kind) {
    case 'walk-ins':
      await lot.noteNoShowGrace(noShowGraceMinutes, now);
      await lot.reconcileWalkIns(await openWalkIns(ctx.db, due.lotId), now);
      return 'done';
    case 'lapsed-hold':
      await settleLapsedHold(ctx, lot, due, now);
      return 'done';
    case 'booking':
      return attend(ctx, lot, due.reservationId, now, noShowGraceMinutes);
  }
}

/**
 * A hold whose write never reported back. While its change still holds the lock it is left alone
 * (the alarm comes back when the lock lapses). Otherwise the alarm claims it in D1: if no write
 * claimed it first, it is freed and no write can commit on it any more; if one did, the object
 * follows what D1 records now.
 */
async function settleLapsedHold(ctx: BookingContext, lot: LotClock, hold: { holdId: string; reservationId: string }, now: number) {
  if (await lot.isLocked(hold.reservationId, now)) return;
  if ((await claimLapsedHold(ctx.db, hold.holdId, hold.reservationId)) === 'lapsed') return lot.releaseHold(hold.holdId);
  // What was read may be overtaken by a change that lands meanwhile: the object ignores a record older than one it followed.
  const row = await reservationForTimers(ctx.db, hold.reservationId);
  await lot.commit(hold.holdId, row ? bookingRecordOf(row) : noLongerHeld(hold.reservationId), now);
}

/**
 * One booking: the start reminder; from the no-show deadline on, D1 decides. A reservation that no
 * longer holds a slot is freed, one whose window moved is followed, a CONFIRMED one past D1's deadline
 * expires, and an ACTIVE one (the car is inside) keeps its slot until it leaves. A read overtaken by a
 * change is harmless: the object ignores older versions, and the expiry is conditional ('later' then).
 */
async function attend(
  ctx: BookingContext,
  lot: LotClock,
  reservationId: string,
  now: number,
  graceMinutes: number,
): Promise<'done' | 'later'> {
  let booking = await lot.booking(reservationId);
  if (!booking) return 'done';
  if (!booking.remindedStart && now >= booking.startMs - START_REMINDER_MINUTES * MINUTE_MS && now < booking.startMs) {
    if (await lot.markReminded(reservationId, 'start', booking.startMs))
      await ctx.afterCommit('Start reminder', () => remind(ctx, reservationId, 'start', graceMinutes));
  }
  booking = await lot.booking(reservationId);
  if (!booking || now < booking.startMs + graceMinutes * MINUTE_MS) return 'done';
  const row = await reservationForTimers(ctx.db, reservationId);
  await lot.follow(row ? bookingRecordOf(row) : noLongerHeld(reservationId), now);
  if (!row || !holdsSlot(row.status)) return 'done';
  // The deadline is D1's: the object's window may have been behind (a change it had not followed yet).
  if (row.status === 'CONFIRMED')
    return now >= Date.parse(row.startTs) + graceMinutes * MINUTE_MS ? expireNoShow(ctx, lot, row, now, graceMinutes) : 'done';

  booking = await lot.booking(reservationId);
  if (!booking) return 'done';
  if (!booking.remindedEnd && now >= booking.endMs - END_REMINDER_MINUTES * MINUTE_MS && now < booking.endMs) {
    // Marked first: a successful Auto Extend replaces the booking with a longer one, with its own reminder to come.
    if ((await lot.markReminded(reservationId, 'end', booking.endMs)) && (await autoExtend(ctx, row, now)) === 'off') {
      await ctx.afterCommit('End reminder', () => remind(ctx, reservationId, 'end', graceMinutes));
    }
  } else if (now >= booking.endMs) {
    await lot.keepOverstay(reservationId, now + OVERSTAY_HOLD_MS, now);
  }
  return 'done';
}

/**
 * Start + the no-show grace without a check-in: CONFIRMED becomes EXPIRED (no refund: the slot was kept for
 * the driver), only if the record is still the one read; a change that won meanwhile is looked at again.
 */
async function expireNoShow(
  ctx: BookingContext,
  lot: LotClock,
  row: TimedReservation,
  now: number,
  graceMinutes: number,
): Promise<'done' | 'later'> {
  try {
    await commit(ctx.db, updateIfUnchanged(ctx.db, { ...row, status: 'CONFIRMED' }, { status: 'EXPIRED' }));
  } catch (error) {
    if (changedMeanwhile(error)) return 'later';
    throw error;
  }
  await lot.follow(noLongerHeld(row.id, row.version + 1), now);
  await ctx.afterCommit('No-show notice', () =>
    sendNotice(ctx, row.userId, {
      note: {
        type: 'BOOKING_EXPIRED',
        title: 'Reservation expired',
        message: `You did not arrive at ${row.lotName} within ${graceMinutes} minutes of ${formatDateTime(row.startTs)}, so the slot was released.`,
        metadata: { lotName: row.lotName, startTime: row.startTs, reservationId: row.id },
      },
      ...bookingChannels(row.id),
      key: `no-show:${row.id}`,
    }),
  );
  return 'done';
}

/**
 * The Auto Extend preference: near the end of a checked-in stay, extend it by an hour on the same
 * slot, paid from the wallet, through the driver's own Extend path. Keyed by the reservation and its
 * current end, so one end is extended at most once. 'off' when the preference is off (the caller
 * sends the ordinary end reminder); 'failed' when it could not, and the driver has been told why.
 */
async function autoExtend(ctx: BookingContext, row: TimedReservation, now: number): Promise<'extended' | 'failed' | 'off'> {
  if (!(await readPreferences(ctx.db, row.userId)).autoExtend) return 'off';
  const key = `auto-extend:${row.id}:${row.endTs}`;
  const told = (title: string, type: 'BOOKING_EXTENDED' | 'AUTO_EXTEND_FAILED', message: string) =>
    ctx.afterCommit('Auto Extend notice', () =>
      sendNotice(ctx, row.userId, {
        note: { type, title, message, metadata: { lotName: row.lotName, startTime: row.startTs, reservationId: row.id } },
        push: pushTarget(row.id),
      }),
    );
  try {
    const extended = await extend(
      ctx,
      row.id,
      AUTO_EXTEND_HOURS,
      { userId: row.userId, key, scope: `reservations.extend:${row.id}`, requestHash: key },
      new Date(now),
    );
    await told(
      'Stay extended automatically',
      'BOOKING_EXTENDED',
      `${row.lotName}: your parking now ends at ${formatDateTime(extended.endTs)} (Auto Extend is on in Settings).`,
    );
    return 'extended';
  } catch (error) {
    // A refusal (slot booked next, wallet short, lot rules) says why; anything else is logged, and the driver still hears.
    const refused = error instanceof Refusal && error.kind !== 'unavailable' ? error : null;
    if (!refused) console.error('Auto Extend failed', row.id, error);
    const reason =
      refused?.kind === 'insufficient_funds'
        ? `${refused.message} Top up your wallet to extend.`
        : (refused?.message ?? 'the booking system did not answer.');
    await told(
      'Could not extend automatically',
      'AUTO_EXTEND_FAILED',
      `${row.lotName}: ${reason} Your parking ends at ${formatDateTime(row.endTs)}; leave by then or extend from My Reservations.`,
    );
    return 'failed';
  }
}

/** A phone's notification about a booking opens it, and replaces the one before about the same booking. */
const pushTarget = (reservationId: string): PushTarget => ({ url: `/reservation/${reservationId}`, tag: `booking-${reservationId}` });

/** A reminder or an expiry goes to the phone, by e-mail and by SMS, each leading to the reservation. */
const bookingChannels = (reservationId: string) => ({
  push: pushTarget(reservationId),
  email: { link: { label: 'Open the reservation', path: `/reservation/${reservationId}` } },
  sms: true as const,
});

/** Reminder before the start (arrive on time) or before the end (extend, in one tap from the phone, or leave). */
async function remind(ctx: BookingContext, reservationId: string, moment: 'start' | 'end', graceMinutes: number): Promise<void> {
  const row = await reservationForTimers(ctx.db, reservationId);
  if (!row || !holdsSlot(row.status)) return;
  const metadata = { lotName: row.lotName, startTime: row.startTs, reservationId: row.id };
  if (moment === 'start')
    return sendNotice(ctx, row.userId, {
      note: {
        type: 'BOOKING_REMINDER',
        title: 'Your parking starts soon',
        message: `${row.lotName} at ${formatDateTime(row.startTs)}. Arrive within ${graceMinutes} minutes of the start to keep your slot.`,
        metadata,
      },
      ...bookingChannels(row.id),
      key: `start-reminder:${row.id}:${row.startTs}`,
    });
  const channels = bookingChannels(row.id);
  await sendNotice(ctx, row.userId, {
    note: {
      type: 'BOOKING_REMINDER',
      title: `Your parking ends in ${END_REMINDER_MINUTES} minutes`,
      message: `${row.lotName} until ${formatDateTime(row.endTs)}. Extend if you need more time, or leave by then.`,
      metadata,
    },
    ...channels,
    push: { ...channels.push, extendUrl: extendUrlOf(row.id) },
    key: `end-reminder:${row.id}:${row.endTs}`,
  });
}
