/**
 * The attendant portal (docs/gate.md): the lots an attendant works, the shift's start and end, issues;
 * its figures, all from records: the shift summary, recent activity, the lot's status and the day's
 * quick stats.
 */
import { manilaClock } from '../../core/booking';
import { undoable, walkInHorizonEnd } from '../../core/gate';
import { formatTime, HOUR_MS, manilaMidnight, MINUTE_MS } from '../../core/time';
import type { GatePaymentMethod } from '../../core/wallet';
import { refusal } from '../../core/refusal';
import type { DB } from '../db/client';
import type { Bindings, SessionUser } from '../env';
import { lotObject } from '../lot-object/stub';
import { assertWorksLot, lotsByIds, lotsOwnedBy, workableLotIds } from '../lots/lots.service';
import { readSettings } from '../platform/settings.data';
import { reservationReceipts } from '../receipts/receipts.service';
import { bookableLot, walkInsInside } from '../reservations/reservations.service';
import { findOpenShift } from './checkins.data';
import { latestMovedStays, movedShiftTotals } from './stay-history.service';
import { eachStayOnce } from '../../core/stays';
import {
  endShift,
  gateDay,
  gateWatch,
  recentGateEvents,
  reportIssue,
  resolveIssue,
  shiftFigures,
  startShift,
  type Shift,
} from './shifts.data';

/** Every gate call names its lot: the lots domain says who works which (403 otherwise, 404 for none). */
export { assertWorksLot } from '../lots/lots.service';

/** The lots the attendant works: every lot for the super admin. */
export async function workableLots(db: DB, user: SessionUser) {
  const ids = await workableLotIds(db, user);
  return ids === 'all' ? lotsOwnedBy(db, null) : lotsByIds(db, ids);
}

/** Starts the attendant's shift at the lot (an open one is answered as it is), summed up. */
export async function beginShift(env: Bindings, db: DB, attendantId: string, lotId: string, now: Date) {
  const { shift, started } = await startShift(db, attendantId, lotId, now);
  return { summary: await shiftSummary(env, db, shift, now), started };
}

/** The attendant's open shift at the lot, summed up; null when none is open. */
export async function openShiftSummary(env: Bindings, db: DB, attendantId: string, lotId: string) {
  const shift = await findOpenShift(db, attendantId, lotId);
  return shift ? shiftSummary(env, db, shift) : null;
}

/** An issue reported at the lot, on the attendant's open shift if one is. */
export async function reportIssueOnShift(db: DB, attendantId: string, lotId: string, text: string) {
  const shift = await findOpenShift(db, attendantId, lotId);
  return reportIssue(db, { lotId, shiftId: shift?.id ?? null, attendantId, text });
}

/** Occupancy at or above this share raises a warning (the map's "full" threshold). */
const NEARLY_FULL = 0.9;

export async function shiftSummary(env: Bindings, db: DB, shift: Shift, now = new Date()) {
  const [inD1, moved] = await Promise.all([shiftFigures(db, shift.id), movedShiftTotals(env, db, shift, now.getTime())]);
  const figures = moved
    ? {
        ...inD1,
        checkins: inD1.checkins + moved.entries,
        passEntries: inD1.passEntries + moved.passEntries,
        checkouts: inD1.checkouts + moved.exits,
        collectedCash: inD1.collectedCash + moved.cash,
        collectedWallet: inD1.collectedWallet + moved.wallet,
      }
    : inD1;
  const until = shift.endedAt ? Date.parse(shift.endedAt) : now.getTime();
  return {
    id: shift.id,
    lotId: shift.lotId,
    startTime: shift.startedAt,
    endTime: shift.endedAt,
    duration: Math.round((until - Date.parse(shift.startedAt)) / MINUTE_MS),
    ...figures,
    collected: figures.collectedCash + figures.collectedWallet,
    online: shift.online,
  };
}

export type ActivityItem = {
  id: string;
  type: 'checkin' | 'checkout' | 'issue';
  plate: string | null;
  slot: string | null;
  time: string;
  amount: number | null;
  paidBy: GatePaymentMethod | null;
  /** Of a check-out's charge, what the lot paid back (docs/gate.md). */
  refundedCents: number;
  issue: string | null;
  checkinId: string | null;
  receiptId: string | null;
  resolved: boolean;
  undoable: boolean;
  /** An entry on a monthly pass. */
  monthlyPass: boolean;
  /** The driver's own step, by tapping the lot's tag (docs/gate.md, Entrance tags): a check-out's is driver-declared. */
  byTap: boolean;
  /** A check-out by the gate of a car its driver had declared out by tap: the time since was charged. */
  afterDeclaredExit: boolean;
};

/** Entries, exits and issues of the lot, newest first: D1's and those of the stays moved into the lot's object. */
export async function activityOf(env: Bindings, db: DB, lotId: string, limit: number, now = new Date()): Promise<ActivityItem[]> {
  const [inD1, moved] = await Promise.all([recentGateEvents(db, lotId, limit), latestMovedStays(env, lotId, limit)]);
  const { issues } = inD1;
  const entries = eachStayOnce(inD1.entries, moved.entries);
  const exits = eachStayOnce(inD1.exits, moved.exits);
  const receipts = await reservationReceipts(
    db,
    exits.flatMap((e) => e.reservationId ?? []),
  );
  const none = {
    amount: null,
    paidBy: null,
    refundedCents: 0,
    issue: null,
    receiptId: null,
    resolved: false,
    undoable: false,
    monthlyPass: false,
    byTap: false,
    afterDeclaredExit: false,
  };
  const items: ActivityItem[] = [
    ...entries.map((e) => ({
      ...none,
      id: `in:${e.id}`,
      type: 'checkin' as const,
      plate: e.plate,
      slot: e.slot,
      time: e.entryTs,
      checkinId: e.id,
      undoable: undoable(e, now),
      monthlyPass: e.monthlyPassId !== null,
      byTap: e.tagId !== null,
    })),
    ...exits.map((e) => ({
      ...none,
      id: `out:${e.id}`,
      type: 'checkout' as const,
      plate: e.plate,
      slot: e.slot,
      time: e.exitTs!,
      amount: e.amountCents,
      paidBy: e.paidBy,
      refundedCents: e.refundedCents,
      checkinId: e.id,
      receiptId: receipts.get(e.reservationId ?? '')?.id ?? null,
      byTap: e.exitTagId !== null,
      afterDeclaredExit: e.reopenedFrom !== null,
    })),
    ...issues.map((i) => ({
      ...none,
      id: `issue:${i.id}`,
      type: 'issue' as const,
      plate: null,
      slot: null,
      time: i.createdAt,
      issue: i.text,
      checkinId: null,
      resolved: !!i.resolvedAt,
    })),
  ];
  return items.sort((a, b) => b.time.localeCompare(a.time)).slice(0, limit);
}

/**
 * Ends the attendant's open shift at a lot, and hands over a true count: the lot object's walk-ins
 * are made D1's open walk-in check-ins. Null when no shift was open.
 */
export async function closeShift(env: Bindings, db: DB, attendantId: string, lotId: string, now: Date): Promise<Shift | null> {
  const open = await findOpenShift(db, attendantId, lotId);
  const ended = open && (await endShift(db, open.id, now));
  if (ended) await lotObject(env, lotId).reconcileWalkIns(await walkInsInside(db, lotId), now.getTime());
  return ended;
}

/** The lot status card and quick stats. */
export async function lotStatus(env: Bindings, db: DB, lotId: string, now = new Date()) {
  const lot = (await bookableLot(db, lotId))!;
  const stub = lotObject(env, lotId);
  // Free: what a walk-in could be given now, or a booking sold, through the lot's walk-in horizon.
  const horizon = { startMs: now.getTime(), endMs: walkInHorizonEnd(lot, now).getTime() };
  const [{ free, total }, risks] = await Promise.all([
    stub.availability(horizon, lot.slots.length, now.getTime()),
    stub.walkInRisks(now.getTime()),
  ]);
  const dayStart = manilaMidnight(now);
  const { noShowGraceMinutes } = await readSettings(db);
  const watch = await gateWatch(db, lotId, now, dayStart, noShowGraceMinutes);
  const { stays, issuesToday } = await gateDay(db, lotId, dayStart);
  const share = total ? (total - free) / total : 0;
  const alerts: { type: 'warning' | 'info'; message: string }[] = [];
  if (share >= NEARLY_FULL) alerts.push({ type: 'warning', message: `${lot.name} is ${Math.round(share * 100)}% full.` });
  const labelOf = (slotId: string | null) => lot.slots.find((slot) => slot.id === slotId)?.label;
  for (const risk of risks)
    alerts.push({
      type: 'warning',
      message: risk.bookedFromMs
        ? `A walk-in let in by override is on slot ${labelOf(risk.slotId) ?? '?'}, booked from ${formatTime(new Date(risk.bookedFromMs).toISOString())}: the booked car needs another slot.`
        : 'A walk-in let in by override has no slot: a booked car may find the lot full.',
    });
  if (watch.overstaying)
    alerts.push({
      type: 'warning',
      message: `${watch.overstaying} car${watch.overstaying > 1 ? 's are' : ' is'} past the end of the reservation.`,
    });
  if (watch.noShows)
    alerts.push({
      type: 'info',
      message: `${watch.noShows} reservation${watch.noShows > 1 ? 's' : ''} not arrived within ${noShowGraceMinutes} minutes today.`,
    });

  const finished = stays.filter((stay) => stay.exitTs && stay.exitTs >= dayStart.toISOString());
  const entriesByHour = new Map<number, number>();
  for (const stay of stays.filter((s) => s.entryTs >= dayStart.toISOString() && !s.reopenedFrom)) {
    const hour = Math.floor(manilaClock(new Date(stay.entryTs)).minutes / 60);
    entriesByHour.set(hour, (entriesByHour.get(hour) ?? 0) + 1);
  }
  const [peak] = [...entriesByHour].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const revenue = finished.reduce((sum, stay) => sum + (stay.amountCents ?? 0), 0);
  const hoursToday = Math.max(1, (now.getTime() - dayStart.getTime()) / HOUR_MS);
  return {
    lotId,
    name: lot.name,
    /** `current`: the cars inside; `free`: the slots that can still be sold or given to a walk-in now. */
    occupancy: { current: watch.inside, free, total, percentage: total ? Math.round((watch.inside / total) * 100) : 0 },
    waitingQueue: watch.arriving,
    /** The window `waitingQueue` counts, either side of now: the no-show grace in force (a platform setting). */
    arrivingWithinMinutes: noShowGraceMinutes,
    alerts,
    stats: {
      averageStayMinutes: finished.length
        ? Math.round(finished.reduce((sum, s) => sum + Date.parse(s.exitTs!) - Date.parse(s.entryTs), 0) / finished.length / MINUTE_MS)
        : null,
      peakHour: peak ? `${String(peak[0]).padStart(2, '0')}:00` : null,
      issuesToday,
      revenuePerHourCents: Math.round(revenue / hoursToday),
    },
  };
}

/** POST /api/attendant/issues/:id/resolve: an issue logged at the lot's gate, resolved by its staff (once: again, it answers as it is). */
export async function resolveGateIssue(db: DB, user: SessionUser, lotId: string, issueId: string, now = new Date()) {
  await assertWorksLot(db, user, lotId);
  const issue = await resolveIssue(db, lotId, issueId, user.id, now);
  if (!issue) throw refusal('not_found', 'Issue not found at this lot');
  return issue;
}
