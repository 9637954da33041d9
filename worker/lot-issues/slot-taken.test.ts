/**
 * "Slot taken" on a reservation that has started, against the real D1 and lot object: a full refund
 * through the ledger, or another slot the object holds; each once, and only for the driver's own.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { charges, lotIssues, reservations } from '../db/schema';
import { balanceOf, checkIn, driver, HOUR, inMinutes, MINUTE, objectBooking, reservationRow, reserve } from '../test/booking-fixtures';
import { call, db, key, messageOf } from '../test/helpers';
import { asOwner, reported, staffedLot, type IssueView } from '../test/lot-issue-fixtures';

let owner = '';
beforeAll(async () => {
  owner = await asOwner();
});

type Choice = { issue: IssueView; refundCents: number };
const choose = (cookie: string, id: string, choice: string, headers: HeadersInit = key()) =>
  call(`/api/lot-issues/${id}/slot-taken`, { method: 'POST', cookie, json: { choice }, headers });

/** A driver whose 2-hour booking at a new lot began 10 minutes ago (₱80 paid), with a slot-taken report on it. */
async function takenSlot(slots = 2, options: { checkedIn?: boolean } = {}) {
  const { lotId } = await staffedLot(owner, slots);
  const { user, cookie } = await driver(500);
  const booking = await (await reserve(cookie, { lotId, start: inMinutes(1), durationHours: 2 })).json<{ id: string; slotId: string }>();
  const start = Date.now() - 10 * MINUTE;
  const startTs = new Date(start).toISOString();
  const endTs = new Date(start + 2 * HOUR).toISOString();
  await db().update(reservations).set({ startTs, endTs }).where(eq(reservations.id, booking.id));
  if (options.checkedIn) await checkIn(booking.id);
  const issue = await reported(cookie, lotId, { category: 'slot_taken', text: 'A red SUV is in my slot.', reservationId: booking.id });
  return { lotId, user, cookie, booking, issue };
}

describe('slot taken: a refund', () => {
  it('offers the choice, then cancels a confirmed booking with everything paid back, once; its slot is freed', async () => {
    const { lotId, user, cookie, booking, issue } = await takenSlot();
    expect(issue.offersSlotTakenChoice).toBe(true);
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
