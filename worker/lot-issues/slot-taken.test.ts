/**
 * "Slot taken" on a reservation under way, against the real D1 and lot object: another slot the
 * object holds, or (once the lot's staff confirmed) a full refund through the ledger; each once, and
 * only for the driver's own.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SLOT_TAKEN_MESSAGES } from '../../core/lot-issues';
import { auditLogs, charges, lotIssues, reservations } from '../db/schema';
import {
  balanceOf,
  checkIn,
  driver,
  failInserts,
  inMinutes,
  objectBooking,
  objectFollows,
  reservationRow,
  reserve,
} from '../test/booking-fixtures';
import { call, db, key, messageOf } from '../test/helpers';
import { hire } from '../test/lot-attendants';
import { asOwner, begunAgo, chooseRemedy as choose, reported, setStatus, staffedLot, type IssueView } from '../test/lot-issue-fixtures';

let owner = '';
beforeAll(async () => {
  owner = await asOwner();
});

type Choice = { issue: IssueView; refundCents: number };

/**
 * A driver whose 2-hour booking at a new lot began 10 minutes ago (₱80 paid), with a slot-taken
 * report on it, acknowledged by the lot's attendant unless said otherwise.
 */
async function takenSlot(slots = 2, options: { checkedIn?: boolean; acknowledged?: boolean } = {}) {
  const { lotId, attendant } = await staffedLot(owner, slots);
  const { user, cookie } = await driver(500);
  const booking = await (await reserve(cookie, { lotId, start: inMinutes(1), durationHours: 2 })).json<{ id: string; slotId: string }>();
  await begunAgo(booking.id, 10);
  if (options.checkedIn) await checkIn(booking.id);
  let issue = await reported(cookie, lotId, { category: 'slot_taken', text: 'A red SUV is in my slot.', reservationId: booking.id });
  if (options.acknowledged !== false) issue = await (await setStatus(attendant, issue.id, 'acknowledged')).json<IssueView>();
  return { lotId, user, cookie, attendant, booking, issue };
}

describe('slot taken: a refund', () => {
  it('offers the choice, then cancels a confirmed booking with everything paid back, once; its slot is freed', async () => {
    const { lotId, user, cookie, booking, issue } = await takenSlot();
    expect([issue.offersSlotTakenChoice, issue.offersSlotTakenRefund]).toEqual([true, true]);
    const before = await balanceOf(user.id);
    const headers = key();
    const res = await choose(cookie, issue.id, 'refund', headers);
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = await res.json<Choice>();
    expect([answer.refundCents, answer.issue.remedy, answer.issue.offersSlotTakenChoice]).toEqual([8000, 'refund', false]);
    expect(await balanceOf(user.id)).toBe(before + 8000);
    expect((await reservationRow(booking.id)).status).toBe('CANCELLED');
    const refunds = (await db().select().from(charges).where(eq(charges.reservationId, booking.id))).filter((c) => c.kind === 'REFUND');
    expect(refunds.map((c) => c.amountCents)).toEqual([-8000]);
    expect(await objectBooking(lotId, booking.id)).toBeNull();
    // The same request again answers the same; another choice is refused; no second refund.
    const again = await choose(cookie, issue.id, 'refund', headers);
    expect([again.status, (await again.json<Choice>()).refundCents]).toEqual([200, 8000]);
    const other = await choose(cookie, issue.id, 'move');
    expect([other.status, await messageOf(other)]).toEqual([409, 'You already chose a refund.']);
    expect(await balanceOf(user.id)).toBe(before + 8000);
  });

  it('pays back a checked-in stay in full; the car stays and leaves through the gate', async () => {
    const { user, cookie, booking, issue } = await takenSlot(2, { checkedIn: true });
    const before = await balanceOf(user.id);
    const res = await choose(cookie, issue.id, 'refund');
    expect([res.status, (await res.json<Choice>()).refundCents]).toEqual([200, 8000]);
    expect(await balanceOf(user.id)).toBe(before + 8000);
    expect((await reservationRow(booking.id)).status).toBe('ACTIVE');
  });
});

describe('slot taken: another slot', () => {
  it('moves the booking to another free slot the lot object holds, for the same window; no money moves', async () => {
    const { lotId, user, cookie, booking, issue } = await takenSlot(2);
    const before = await balanceOf(user.id);
    const was = await reservationRow(booking.id);
    const res = await choose(cookie, issue.id, 'move');
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json<Choice>()).issue.remedy).toBe('move');
    const moved = await reservationRow(booking.id);
    expect(moved.slotId).not.toBe(booking.slotId);
    expect([moved.status, moved.startTs, moved.endTs]).toEqual(['CONFIRMED', was.startTs, was.endTs]);
    expect((await objectBooking(lotId, booking.id))?.slotId).toBe(moved.slotId);
    expect(await balanceOf(user.id)).toBe(before);
  });

  it('is refused when the lot has no other slot, and the driver may still choose a refund', async () => {
    const { cookie, booking, issue } = await takenSlot(1, { checkedIn: true });
    const res = await choose(cookie, issue.id, 'move');
    expect([res.status, await messageOf(res)]).toEqual([
      409,
      'No other slot of the same kind is free for the rest of your reservation. You can choose a refund instead.',
    ]);
    expect((await reservationRow(booking.id)).slotId).toBe(booking.slotId);
    const [row] = await db().select().from(lotIssues).where(eq(lotIssues.id, issue.id));
    expect(row.remedy).toBeNull();
    expect((await choose(cookie, issue.id, 'refund')).status).toBe(200);
  });
});

describe('slot taken: who and when', () => {
  it('offers nothing before the start, on another category, or to anyone but the reporter', async () => {
    const { lotId } = await staffedLot(owner);
    const { cookie } = await driver(500);
    const future = await (await reserve(cookie, { lotId, start: inMinutes(120), durationHours: 1 })).json<{ id: string }>();
    const early = await reported(cookie, lotId, { category: 'slot_taken', text: 'x', reservationId: future.id });
    expect(early.offersSlotTakenChoice).toBe(false);
    expect((await choose(cookie, early.id, 'refund')).status).toBe(409);

    const started = await takenSlot();
    const safety = await reported(started.cookie, started.lotId, { category: 'safety', text: 'x', reservationId: started.booking.id });
    expect((await choose(started.cookie, safety.id, 'move')).status).toBe(409);
    expect((await choose((await driver(0)).cookie, started.issue.id, 'refund')).status).toBe(404);
    expect((await choose(owner, started.issue.id, 'refund')).status).toBe(404);
    expect((await choose(started.cookie, started.issue.id, 'swap')).status).toBe(400);
    expect((await choose(started.cookie, started.issue.id, 'refund', {})).status).toBe(400);
  });
});

describe('slot taken: the refund waits for the lot', () => {
  it("refuses a refund until the lot's staff acknowledge the report; another slot is offered at once", async () => {
    const { user, cookie, attendant, issue } = await takenSlot(2, { checkedIn: true, acknowledged: false });
    expect([issue.offersSlotTakenChoice, issue.offersSlotTakenRefund]).toEqual([true, false]);
    const before = await balanceOf(user.id);
    const early = await choose(cookie, issue.id, 'refund');
    expect([early.status, await messageOf(early)]).toEqual([409, SLOT_TAKEN_MESSAGES.awaitingStaff]);
    expect((await db().select().from(lotIssues).where(eq(lotIssues.id, issue.id)))[0].remedy).toBeNull();
    const acknowledged = await (await setStatus(attendant, issue.id, 'acknowledged')).json<IssueView>();
    expect(acknowledged.offersSlotTakenRefund).toBe(true);
    expect((await choose(cookie, issue.id, 'refund')).status).toBe(200);
    expect(await balanceOf(user.id)).toBe(before + 8000);
  });

  it('offers nothing once the reservation has ended, though the car is still in', async () => {
    const { user, cookie, booking, issue } = await takenSlot(2, { checkedIn: true });
    await begunAgo(booking.id, 130);
    const before = await balanceOf(user.id);
    for (const choice of ['refund', 'move']) {
      const res = await choose(cookie, issue.id, choice);
      expect([res.status, await messageOf(res)]).toEqual([409, SLOT_TAKEN_MESSAGES.notOffered]);
    }
    expect(await balanceOf(user.id)).toBe(before);
  });

  it('finishes a refund whose choice was recorded without it (a worker that died midway), paying once', async () => {
    const { user, cookie, issue } = await takenSlot(2, { checkedIn: true });
    await db().update(lotIssues).set({ remedy: 'refund' }).where(eq(lotIssues.id, issue.id));
    const before = await balanceOf(user.id);
    for (const attempt of [1, 2]) {
      const res = await choose(cookie, issue.id, 'refund');
      expect([attempt, res.status, (await res.json<Choice>()).refundCents]).toEqual([attempt, 200, 8000]);
    }
    expect(await balanceOf(user.id)).toBe(before + 8000);
    const other = await choose(cookie, issue.id, 'move');
    expect([other.status, await messageOf(other)]).toEqual([409, 'You already chose a refund.']);
  });
});

describe('slot taken: another slot for the rest of the window', () => {
  it('offers a slot whose last stay ended before now, after this booking began', async () => {
    const { lotId, cookie, booking, issue } = await takenSlot(2, { acknowledged: false });
    const other = await driver(500);
    const theirs = await (await reserve(other.cookie, { lotId, start: inMinutes(1), durationHours: 2 })).json<{
      id: string;
      slotId: string;
    }>();
    expect(theirs.slotId).not.toBe(booking.slotId);
    // Their stay ran from two hours ago to 5 minutes ago; the object still has it.
    const { startTs, endTs } = await begunAgo(theirs.id, 120, 115 / 60);
    await db().update(reservations).set({ status: 'COMPLETED' }).where(eq(reservations.id, theirs.id));
    const past = { startMs: Date.parse(startTs), endMs: Date.parse(endTs) };
    expect(await objectFollows(lotId, { reservationId: theirs.id, version: 99, live: true, slotId: theirs.slotId, ...past })).toEqual({
      ok: true,
    });
    const res = await choose(cookie, issue.id, 'move');
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await reservationRow(booking.id)).slotId).toBe(theirs.slotId);
    expect((await objectBooking(lotId, booking.id))?.slotId).toBe(theirs.slotId);
  });
});

describe('slot taken: staff cannot approve their own refund', () => {
  it("refuses the reporter any change of their own report's status, though they work the lot; a colleague may", async () => {
    const { lotId, attendant } = await staffedLot(owner, 2);
    const { user, cookie } = await driver(500);
    await hire(owner, lotId, { email: user.email, cookie });
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(1), durationHours: 2 })).json<{ id: string }>();
    await begunAgo(booking.id, 10);
    const issue = await reported(cookie, lotId, { category: 'slot_taken', text: 'A red SUV is in my slot.', reservationId: booking.id });
    for (const status of ['acknowledged', 'resolved']) {
      const res = await setStatus(cookie, issue.id, status);
      expect([res.status, await messageOf(res)]).toEqual([
        403,
        "You cannot change the status of your own report; another of the lot's staff will.",
      ]);
    }
    const [row] = await db().select().from(lotIssues).where(eq(lotIssues.id, issue.id));
    expect([row.status, row.acknowledgedBy, row.resolvedBy]).toEqual(['open', null, null]);
    // Their own report shows them no staff's actions.
    expect((await (await call(`/api/lot-issues/${issue.id}`, { cookie })).json<{ viewerIsStaff: boolean }>()).viewerIsStaff).toBe(false);
    const refused = await choose(cookie, issue.id, 'refund');
    expect([refused.status, await messageOf(refused)]).toEqual([409, SLOT_TAKEN_MESSAGES.awaitingStaff]);
    expect((await setStatus(attendant, issue.id, 'acknowledged')).status).toBe(200);
    expect((await choose(cookie, issue.id, 'refund')).status).toBe(200);
  });
});

describe('slot taken: the audit trail', () => {
  const entriesOf = async (issueId: string) =>
    (
      await db()
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.subject, `lot-issue:${issueId}`))
    )
      .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
      .map((entry) => ({ action: entry.action, actorId: entry.actorId, context: JSON.parse(entry.contextJson) }));

  it('records the acknowledgement, the refund it unlocks and the resolution, each by who did it', async () => {
    const { lotId, user, cookie, attendant, booking, issue } = await takenSlot(2, { acknowledged: false });
    expect((await setStatus(attendant, issue.id, 'acknowledged')).status).toBe(200);
    expect((await choose(cookie, issue.id, 'refund')).status).toBe(200);
    expect((await setStatus(owner, issue.id, 'resolved')).status).toBe(200);
    const [{ acknowledgedBy, resolvedBy }] = await db().select().from(lotIssues).where(eq(lotIssues.id, issue.id));
    const about = { lotId, reservationId: booking.id };
    expect(await entriesOf(issue.id)).toEqual([
      { action: 'ACKNOWLEDGE_LOT_ISSUE', actorId: acknowledgedBy, context: about },
      { action: 'SLOT_TAKEN_REFUND', actorId: user.id, context: { ...about, acknowledgedBy } },
      { action: 'RESOLVE_LOT_ISSUE', actorId: resolvedBy, context: about },
    ]);
    const money = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'REFUND'), eq(auditLogs.subject, `reservation:${booking.id}`)));
    expect(money.map((entry) => JSON.parse(entry.contextJson).amountCents)).toEqual([8000]);
  });

  it('records the move to another slot', async () => {
    const { lotId, user, cookie, booking, issue } = await takenSlot(2);
    expect((await choose(cookie, issue.id, 'move')).status).toBe(200);
    const [, move] = await entriesOf(issue.id);
    expect(move).toMatchObject({ action: 'SLOT_TAKEN_MOVE', actorId: user.id, context: { lotId, reservationId: booking.id } });
  });

  it('leaves the status as it was when its entry cannot be written (one batch)', async () => {
    const { attendant, issue } = await takenSlot(2, { acknowledged: false });
    const fault = await failInserts('audit_logs', "NEW.action = 'ACKNOWLEDGE_LOT_ISSUE'");
    try {
      expect((await setStatus(attendant, issue.id, 'acknowledged')).status).toBe(500);
    } finally {
      await fault.heal();
    }
    const [row] = await db().select().from(lotIssues).where(eq(lotIssues.id, issue.id));
    expect([row.status, row.acknowledgedBy]).toEqual(['open', null]);
  });
});
