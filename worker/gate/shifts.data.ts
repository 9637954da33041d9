/** D1 reads and writes of the gate's day: shifts, reported issues, and the check-ins they count. */
import { and, between, desc, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../db/client';
import { violates } from '../db/constraints';
import { newId } from '../db/ids';
import { checkins, gateIssues, gateRefunds, reservations, shifts } from '../db/schema';
import { MINUTE_MS } from '../../core/time';

export type Shift = typeof shifts.$inferSelect;

/** Starts the attendant's shift at the lot; an open one is answered as it is. */
export async function startShift(db: DB, attendantId: string, lotId: string, now: Date): Promise<{ shift: Shift; started: boolean }> {
  const open = () =>
    db
      .select()
      .from(shifts)
      .where(and(eq(shifts.attendantId, attendantId), eq(shifts.lotId, lotId), isNull(shifts.endedAt)))
      .limit(1);
  const [current] = await open();
  if (current) return { shift: current, started: false };
  try {
    const [shift] = await db.insert(shifts).values({ id: newId(), attendantId, lotId, startedAt: now.toISOString() }).returning();
    return { shift, started: true };
  } catch (error) {
    // Two starts at once: the open-shift index keeps one.
    if (!violates(error, 'shifts')) throw error;
    return { shift: (await open())[0], started: false };
  }
}

export async function endShift(db: DB, shiftId: string, now: Date): Promise<Shift | null> {
  const [shift] = await db
    .update(shifts)
    .set({ endedAt: now.toISOString() })
    .where(and(eq(shifts.id, shiftId), isNull(shifts.endedAt)))
    .returning();
  return shift ?? null;
}

/** What a shift did: entries and exits it recorded, money it collected (cash and wallet apart), issues reported. */
export async function shiftFigures(db: DB, shiftId: string) {
  const [entries] = await db
    .select({ n: sql<number>`count(*)`, passes: sql<number>`count(${checkins.monthlyPassId})` })
    .from(checkins)
    .where(and(eq(checkins.shiftId, shiftId), isNull(checkins.undoneAt)));
  const [exits] = await db
    .select({
      n: sql<number>`count(*)`,
      cash: sql<number>`coalesce(sum(CASE WHEN ${checkins.paidBy} = 'cash' THEN ${checkins.amountCents} END), 0)`,
      wallet: sql<number>`coalesce(sum(CASE WHEN ${checkins.paidBy} = 'wallet' THEN ${checkins.amountCents} END), 0)`,
    })
    .from(checkins)
    .where(eq(checkins.exitShiftId, shiftId));
  const [issues] = await db.select({ n: sql<number>`count(*)` }).from(gateIssues).where(eq(gateIssues.shiftId, shiftId));
  // Monthly pass cars' entries, counted apart as well as among the check-ins.
  return {
    checkins: entries.n,
    passEntries: entries.passes,
    checkouts: exits.n,
    collectedCash: exits.cash,
    collectedWallet: exits.wallet,
    issues: issues.n,
  };
}

/** The stays D1 holds that the shift let in or out: the lot's object counts the shift's others. */
export async function shiftStayIds(db: DB, shiftId: string) {
  const rows = await db
    .select({ id: checkins.id })
    .from(checkins)
    .where(or(eq(checkins.shiftId, shiftId), eq(checkins.exitShiftId, shiftId)));
  return rows.map((row) => row.id);
}

export async function reportIssue(db: DB, input: { lotId: string; shiftId: string | null; attendantId: string; text: string }) {
  const [issue] = await db
    .insert(gateIssues)
    .values({ id: newId(), ...input })
    .returning();
  return issue;
}

export async function resolveIssue(db: DB, lotId: string, issueId: string, userId: string, now: Date) {
  const [issue] = await db
    .select()
    .from(gateIssues)
    .where(and(eq(gateIssues.id, issueId), eq(gateIssues.lotId, lotId)));
  if (!issue || issue.resolvedAt) return issue ?? null;
  const [resolved] = await db
    .update(gateIssues)
    .set({ resolvedAt: now.toISOString(), resolvedBy: userId })
    .where(eq(gateIssues.id, issueId))
    .returning();
  return resolved;
}

/** The check-in of the outer query, named in full: a query of one table names its columns bare, which a subquery would read as its own. */
const outerCheckinId = sql`${checkins}.${sql.identifier(checkins.id.name)}`;

/** The lot's latest entries, exits (with their reservation, whose receipt is the stay's) and issues (each list newest first, at most `limit`). */
export async function recentGateEvents(db: DB, lotId: string, limit: number) {
  const entries = await db
    .select({
      id: checkins.id,
      plate: checkins.plate,
      slot: checkins.slotLabel,
      entryTs: checkins.entryTs,
      exitTs: checkins.exitTs,
      monthlyPassId: checkins.monthlyPassId,
      tagId: checkins.tagId,
    })
    .from(checkins)
    // A stay reopened from its declared exit is no entry: the car was inside already.
    .where(and(eq(checkins.lotId, lotId), isNull(checkins.undoneAt), isNull(checkins.reopenedFrom)))
    .orderBy(desc(checkins.entryTs))
    .limit(limit);
  const exits = await db
    .select({
      id: checkins.id,
      plate: checkins.plate,
      slot: checkins.slotLabel,
      exitTs: checkins.exitTs,
      amountCents: checkins.amountCents,
      paidBy: checkins.paidBy,
      reservationId: checkins.reservationId,
      exitTagId: checkins.exitTagId,
      reopenedFrom: checkins.reopenedFrom,
      refundedCents: sql<number>`(SELECT coalesce(sum(${gateRefunds.amountCents}), 0) FROM ${gateRefunds} WHERE ${gateRefunds.checkinId} = ${outerCheckinId})`,
    })
    .from(checkins)
    .where(and(eq(checkins.lotId, lotId), isNotNull(checkins.exitTs)))
    .orderBy(desc(checkins.exitTs))
    .limit(limit);
  const issues = await db.select().from(gateIssues).where(eq(gateIssues.lotId, lotId)).orderBy(desc(gateIssues.createdAt)).limit(limit);
  return { entries, exits, issues };
}

/** Today's (from `dayStart`) entries and exits at the lot, and its issues: what the quick stats are made of. */
export async function gateDay(db: DB, lotId: string, dayStart: Date) {
  const since = dayStart.toISOString();
  const stays = await db
    .select({ entryTs: checkins.entryTs, exitTs: checkins.exitTs, amountCents: checkins.amountCents, reopenedFrom: checkins.reopenedFrom })
    .from(checkins)
    .where(
      and(eq(checkins.lotId, lotId), isNull(checkins.undoneAt), sql`(${checkins.entryTs} >= ${since} OR ${checkins.exitTs} >= ${since})`),
    );
  const [issues] = await db
    .select({ n: sql<number>`count(*)` })
    .from(gateIssues)
    .where(and(eq(gateIssues.lotId, lotId), gte(gateIssues.createdAt, since)));
  return { stays, issuesToday: issues.n };
}

/** What the gate should know now: cars inside, and reservations arriving soon, overstaying or not come. */
export async function gateWatch(db: DB, lotId: string, now: Date, dayStart: Date, arrivalMinutes: number) {
  const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE_MS).toISOString();
  const count = async (...conditions: (SQL | undefined)[]) =>
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(reservations)
        .where(and(eq(reservations.lotId, lotId), ...conditions))
    )[0].n;
  const [inside] = await db
    .select({ n: sql<number>`count(*)` })
    .from(checkins)
    .where(and(eq(checkins.lotId, lotId), isNull(checkins.exitTs), isNull(checkins.undoneAt)));
  return {
    /** Cars inside now: every open check-in, reserved or walk-in. */
    inside: inside.n,
    arriving: await count(eq(reservations.status, 'CONFIRMED'), between(reservations.startTs, at(-arrivalMinutes), at(arrivalMinutes))),
    overstaying: await count(eq(reservations.status, 'ACTIVE'), lt(reservations.endTs, now.toISOString())),
    // Not arrived by the deadline: expired today, or about to be.
    noShows: await count(
      or(
        and(eq(reservations.status, 'CONFIRMED'), lt(reservations.startTs, at(-arrivalMinutes))),
        and(eq(reservations.status, 'EXPIRED'), gte(reservations.startTs, dayStart.toISOString())),
      ),
    ),
  };
}
