/**
 * The lot object's clock: what is due, for the lifecycle to act on. Its alarm finds what is due and
 * sends one message per item to the lot-timers Queue, whose consumer (worker/reservations/lifecycle.service.ts)
 * decides on the D1 side and calls back through the stub: the bookkeeping below (the bookings it
 * reads, reminders sent, the grace in force; an overstay is kept by holds.ts). The next alarm is the least instant still ahead of each kind.
 */
import { END_REMINDER_MINUTES, NO_SHOW_GRACE_MINUTES, START_REMINDER_MINUTES } from '../../core/booking';
import { MINUTE_MS } from '../../core/time';
import { bookingRow, isLocked } from './holds';
import type { HeldBooking, LotTimerMessage } from './protocol';
import { TAKEN_UNTIL } from './stays';

/** Work the timers left because a booking changed while D1 was read is looked at again this soon. */
const RETRY_MS = 30_000;
/** The Queue's batch limit. */
const MESSAGES_PER_SEND = 100;

export class Timers {
  private readonly sql: SqlStorage;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly lotId: string,
  ) {
    this.sql = storage.sql;
  }

  /** The booking the object holds for a reservation, read afresh (the lifecycle re-reads after every await). */
  booking(reservationId: string): HeldBooking | null {
    const row = bookingRow(this.sql, reservationId);
    return row
      ? {
          reservationId,
          slotId: row.slot_id,
          startMs: row.start_ms,
          endMs: row.end_ms,
          remindedStart: !!row.reminded_start,
          remindedEnd: !!row.reminded_end,
        }
      : null;
  }

  bookedReservations(): string[] {
    return this.sql
      .exec<{ reservation_id: string }>("SELECT reservation_id FROM holds WHERE state = 'booked'")
      .toArray()
      .map((row) => row.reservation_id);
  }

  /** Marks a reminder sent, for the start or for this exact end (an extended end gets its own). */
  markReminded(reservationId: string, moment: 'start' | 'end', forMs: number): boolean {
    const column = moment === 'start' ? 'reminded_start' : 'reminded_end';
    const anchor = moment === 'start' ? 'start_ms' : 'end_ms';
    const cursor = this.sql.exec(
      `UPDATE holds SET ${column} = 1 WHERE reservation_id = ? AND state = 'booked' AND ${anchor} = ? AND ${column} = 0`,
      reservationId,
      forMs,
    );
    return cursor.rowsWritten > 0;
  }

  /** The no-show grace in force, as the D1 side read it: deadlines, and so the next alarm, follow it. */
  noteNoShowGrace(minutes: number, now: number): void {
    this.sql.exec('INSERT OR REPLACE INTO no_show_grace (id, ms) VALUES (1, ?)', minutes * MINUTE_MS);
    this.scheduleNextAlarm(now);
  }

  private graceMs(): number {
    return this.sql.exec<{ ms: number }>('SELECT ms FROM no_show_grace').toArray()[0]?.ms ?? NO_SHOW_GRACE_MINUTES * MINUTE_MS;
  }

  /** Holds whose write never claimed them within their lease, and whose change no longer holds its lock. */
  private lapsedHolds(now: number): { holdId: string; reservationId: string }[] {
    return this.sql
      .exec<{ hold_id: string; reservation_id: string }>(
        "SELECT hold_id, reservation_id FROM holds WHERE state = 'held' AND held_until <= ?",
        now,
      )
      .toArray()
      .map((row) => ({ holdId: row.hold_id, reservationId: row.reservation_id }))
      .filter((hold) => !isLocked(this.sql, hold.reservationId, now));
  }

  /**
   * What is due at `now`, one item each for the lot-timers Queue: the walk-ins to match with D1's open
   * check-ins (every time, which also brings the grace in force), each hold whose lease lapsed and whose
   * change no longer holds its lock, and each booking at its start reminder or past its no-show deadline
   * (there D1 decides: expire, end reminder or Auto Extend, overstay). Arms the next alarm.
   */
  dueWork(now: number): LotTimerMessage[] {
    const lotId = this.lotId;
    const lapsed = this.lapsedHolds(now);
    const bookings = this.sql
      .exec<{ reservation_id: string }>(
        `SELECT reservation_id FROM holds WHERE state = 'booked'
           AND ((reminded_start = 0 AND ? >= start_ms - ? AND ? < start_ms) OR ? >= start_ms + ?)`,
        now,
        START_REMINDER_MINUTES * MINUTE_MS,
        now,
        now,
        this.graceMs(),
      )
      .toArray();
    this.scheduleNextAlarm(now);
    return [
      { kind: 'walk-ins', lotId, now },
      ...lapsed.map((hold) => ({ kind: 'lapsed-hold' as const, lotId, now, ...hold })),
      ...bookings.map((row) => ({ kind: 'booking' as const, lotId, now, reservationId: row.reservation_id })),
    ];
  }

  /**
   * Hands what is due to the Queue, a batch at a time. A send that fails leaves the items due: the
   * alarm comes back soon, and the platform retries a throwing alarm. Whatever a lost write left
   * behind, search then sees the object's own figures again (`publishAll`).
   */
  async alarm(queue: Queue<LotTimerMessage>, publishAll: (now: number) => Promise<boolean>): Promise<void> {
    const now = Date.now();
    try {
      const due = this.dueWork(now);
      for (let i = 0; i < due.length; i += MESSAGES_PER_SEND)
        await queue.sendBatch(due.slice(i, i + MESSAGES_PER_SEND).map((body) => ({ body })));
    } catch (error) {
      this.retrySoon(now);
      throw error;
    } finally {
      if (!(await publishAll(now))) this.retrySoon(now);
    }
  }

  retrySoon(now: number): void {
    this.sql.exec('INSERT OR REPLACE INTO timer_retry (id, at) VALUES (1, ?)', now + RETRY_MS);
    this.scheduleNextAlarm(now);
  }

  /**
   * The earliest instant something needs attention: a lapse (deferred while its change holds the
   * lock), a reminder, a no-show deadline, the end of a checked-in stay, an overstay renewal, or a
   * retry of work the timers left while a booking changed under them. Each is the least of one kind of
   * instant still ahead, read off a partial index (migrations.ts): a hold or a booking costs the same
   * however many bookings the lot has ahead.
   */
  scheduleNextAlarm(now: number): void {
    const reminder = START_REMINDER_MINUTES * MINUTE_MS;
    const endReminder = END_REMINDER_MINUTES * MINUTE_MS;
    const grace = this.graceMs();
    const first = (query: string, ...bindings: number[]) => this.sql.exec<{ at: number | null }>(query, ...bindings).one().at;
    const candidates = [
      // A hold past its lease that is still here (its settling failed or was put off) is looked at again soon.
      first(
        `SELECT MIN(MAX(held_until, COALESCE((SELECT until_ms FROM change_locks WHERE change_locks.reservation_id = holds.reservation_id), 0), ?)) AS at
         FROM holds WHERE state = 'held'`,
        now + RETRY_MS,
      ),
      first(
        `SELECT MIN(start_ms) - ? AS at FROM holds WHERE state = 'booked' AND reminded_start = 0 AND start_ms > ?`,
        reminder,
        now + reminder,
      ),
      first(`SELECT MIN(start_ms) + ? AS at FROM holds WHERE state = 'booked' AND start_ms > ?`, grace, now - grace),
      first(
        `SELECT MIN(end_ms) - ? AS at FROM holds WHERE state = 'booked' AND reminded_end = 0 AND end_ms > ?`,
        endReminder,
        now + endReminder,
      ),
      first(
        `SELECT MIN(${TAKEN_UNTIL}) AS at FROM holds WHERE state = 'booked' AND start_ms <= ? AND ${TAKEN_UNTIL} > ?`,
        now - grace,
        now,
      ),
      first('SELECT MIN(at) AS at FROM timer_retry WHERE at > ?', now),
    ].filter((at): at is number => at !== null);
    if (candidates.length) void this.storage.setAlarm(Math.min(...candidates));
  }
}
