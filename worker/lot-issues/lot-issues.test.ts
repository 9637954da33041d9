/** Driver reports against the real D1: reporting (its reservation, its cap), the lifecycle and its notices, the thread, the staff's lists. */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPEN_ISSUES_PER_LOT } from '../../core/lot-issues';
import { lotIssues, notifications, pushSubscriptions } from '../db/schema';
import { driver, inMinutes, reserve } from '../test/booking-fixtures';
import { call, cookieFor, db, messageOf } from '../test/helpers';
import { asOwner, report, reported, setStatus, staffedLot, type IssueView } from '../test/lot-issue-fixtures';

let owner = '';
beforeAll(async () => {
  owner = await asOwner();
});

const write = (cookie: string, id: string, text: string) =>
  call(`/api/lot-issues/${id}/messages`, { method: 'POST', cookie, json: { text } });
const noticesOf = async (userId: string) =>
  (
    await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'LOT_ISSUE_UPDATE')))
  )
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((n) => `${n.title}: ${n.message}`);

describe('reporting an issue', () => {
  it('answers 201 with the open report; bad input is a 400 that writes nothing', async () => {
    const { user, cookie } = await driver(0);
    const { lotId } = await staffedLot(owner);
    const issue = await reported(cookie, lotId, { category: 'safety', text: '  Broken light on level 2  ' });
    expect(issue).toMatchObject({
      lotId,
      category: 'safety',
      text: 'Broken light on level 2',
      status: 'open',
      photoUrl: null,
      reservationId: null,
    });
    for (const json of [
      { category: 'noise', text: 'x' },
      { category: 'other', text: '   ' },
      { category: 'other', text: 'x'.repeat(1001) },
      { text: 'no category' },
    ]) {
      expect((await report(cookie, lotId, json)).status, JSON.stringify(json).slice(0, 40)).toBe(400);
    }
    expect(await db().select().from(lotIssues).where(eq(lotIssues.reporterId, user.id))).toHaveLength(1);
    expect((await report(cookie, crypto.randomUUID(), { category: 'other', text: 'x' })).status).toBe(404);
  });

  it('takes a reservation only when it is the driver’s own at that lot', async () => {
    const { cookie } = await driver(500);
    const { lotId } = await staffedLot(owner);
    const other = await staffedLot(owner);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 1 })).json<{ id: string }>();
    expect((await reported(cookie, lotId, { reservationId: booking.id })).reservationId).toBe(booking.id);
    const wrongLot = await report(cookie, other.lotId, { category: 'other', text: 'x', reservationId: booking.id });
    expect([wrongLot.status, await messageOf(wrongLot)]).toEqual([400, 'That reservation is not at this lot.']);
    const stranger = await driver(0);
    const notTheirs = await report(stranger.cookie, lotId, { category: 'other', text: 'x', reservationId: booking.id });
    expect([notTheirs.status, await messageOf(notTheirs)]).toEqual([404, 'Reservation not found']);
  });

  it(`holds at most ${MAX_OPEN_ISSUES_PER_LOT} open reports per driver per lot, even when they race; a resolved one frees a place`, async () => {
    const { cookie } = await driver(0);
    const { lotId, attendant } = await staffedLot(owner);
    const first = await reported(cookie, lotId);
    for (let i = 2; i < MAX_OPEN_ISSUES_PER_LOT; i++) await reported(cookie, lotId);
    const racing = await Promise.all([0, 1].map(() => report(cookie, lotId, { category: 'other', text: 'again' })));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 429]);
    expect(await messageOf(racing.find((r) => r.status === 429)!)).toMatch(/^You have 3 open reports at this lot\./);
    // Another lot is another queue.
    await reported(cookie, (await staffedLot(owner)).lotId);
    expect((await setStatus(attendant, first.id, 'resolved')).status).toBe(200);
    expect((await report(cookie, lotId, { category: 'other', text: 'one more' })).status).toBe(201);
  });
});

describe('the lifecycle', () => {
  it('goes open → acknowledged → resolved by the lot’s staff, each change noticed to the driver', async () => {
    const { user, cookie } = await driver(0);
    const { lotId, attendant } = await staffedLot(owner);
    const issue = await reported(cookie, lotId, { category: 'facilities' });
    const ack = await setStatus(attendant, issue.id, 'acknowledged');
    expect([ack.status, (await ack.json<IssueView>()).status]).toEqual([200, 'acknowledged']);
    const resolved = await setStatus(owner, issue.id, 'resolved');
    expect([resolved.status, (await resolved.json<IssueView>()).status]).toEqual([200, 'resolved']);
    const [row] = await db().select().from(lotIssues).where(eq(lotIssues.id, issue.id));
    expect([row.acknowledgedAt !== null, row.resolvedAt !== null]).toEqual([true, true]);
    expect((await noticesOf(user.id)).map((n) => n.split(':')[0])).toEqual(['Report acknowledged', 'Report resolved']);
    expect((await noticesOf(user.id))[0]).toMatch(/Your report \(facilities\) at Test Lot .+ was acknowledged by the lot's staff\./);
  });

  it('also pushes each change to the driver’s phone, leading to the reservation it was reported from', async () => {
    const { user, cookie } = await driver(500);
    const { lotId, attendant } = await staffedLot(owner);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 1 })).json<{ id: string }>();
    const issue = await reported(cookie, lotId, { reservationId: booking.id });
    await db()
      .insert(pushSubscriptions)
      .values({ id: crypto.randomUUID(), userId: user.id, endpoint: `https://push.example/${user.id}`, p256dh: 'x', auth: 'y' });
    const pushed: { body: { payload: Record<string, string> } }[] = [];
    const PUSH = { sendBatch: async (messages: typeof pushed) => void pushed.push(...messages) } as unknown as Queue;
    const res = await call(`/api/lot-issues/${issue.id}/status`, {
      method: 'POST',
      cookie: attendant,
      json: { status: 'resolved' },
      bindings: { PUSH },
    });
    expect(res.status).toBe(200);
    expect(pushed.map((m) => m.body.payload)).toEqual([
      expect.objectContaining({ title: 'Report resolved', url: `/reservation/${booking.id}`, tag: `lot-issue:${issue.id}` }),
    ]);
  });

  it('refuses going back, twice the same, or a change by anyone but the staff; nothing is noticed then', async () => {
    const { user, cookie } = await driver(0);
    const { lotId, attendant } = await staffedLot(owner);
    const issue = await reported(cookie, lotId);
    const byDriver = await setStatus(cookie, issue.id, 'resolved');
    expect([byDriver.status, await messageOf(byDriver)]).toEqual([403, "Only the lot's staff can change a report's status."]);
    expect((await setStatus((await staffedLot(owner)).attendant, issue.id, 'resolved')).status).toBe(404);
    expect((await setStatus(attendant, issue.id, 'open')).status).toBe(400);
    expect((await setStatus(attendant, issue.id, 'resolved')).status).toBe(200);
    for (const status of ['acknowledged', 'resolved']) {
      const late = await setStatus(attendant, issue.id, status);
      expect([late.status, await messageOf(late)]).toEqual([409, 'This issue is resolved; it can no longer change.']);
    }
    expect(await noticesOf(user.id)).toHaveLength(1);
  });

  it('takes one of two racing changes', async () => {
    const { cookie } = await driver(0);
    const { lotId, attendant } = await staffedLot(owner);
    const issue = await reported(cookie, lotId);
    const racing = await Promise.all([setStatus(attendant, issue.id, 'acknowledged'), setStatus(owner, issue.id, 'acknowledged')]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('the thread and the lists', () => {
  it('keeps the driver’s and the staff’s messages in order; a staff reply notifies the driver', async () => {
    const { user, cookie } = await driver(0);
    const { lotId, attendant } = await staffedLot(owner);
    const issue = await reported(cookie, lotId);
    expect((await write(attendant, issue.id, 'We are sending a guard.')).status).toBe(201);
    const mine = await write(cookie, issue.id, 'Thank you!');
    const thread = (await mine.json<IssueView>()).messages!;
    expect(thread.map((m) => [m.fromStaff, m.text])).toEqual([
      [true, 'We are sending a guard.'],
      [false, 'Thank you!'],
    ]);
    expect(await noticesOf(user.id)).toEqual([expect.stringMatching(/^Reply to your report: Test Lot .+: We are sending a guard\.$/)]);
    expect((await write(cookie, issue.id, ' ')).status).toBe(400);
    expect((await write((await driver(0)).cookie, issue.id, 'hello')).status).toBe(404);
  });

  it('lists the driver’s own reports, the lot’s for its attendant, and the open ones on the owner’s dashboard', async () => {
    const { cookie } = await driver(0);
    const { lotId, attendant } = await staffedLot(owner);
    const open = await reported(cookie, lotId, { text: 'Still blocked' });
    const done = await reported(cookie, lotId, { text: 'Fixed already' });
    expect((await setStatus(attendant, done.id, 'resolved')).status).toBe(200);

    const mine = await (await call('/api/lot-issues', { cookie })).json<IssueView[]>();
    expect(mine.map((i) => i.id)).toEqual([done.id, open.id]);
    const atLot = (status: string, who = attendant) => call(`/api/attendant/lot-issues?lotId=${lotId}&status=${status}`, { cookie: who });
    expect((await (await atLot('open')).json<IssueView[]>()).map((i) => i.id)).toEqual([open.id]);
    expect((await (await atLot('all')).json<IssueView[]>()).map((i) => i.id)).toEqual([done.id, open.id]);
    expect((await atLot('open', (await staffedLot(owner)).attendant)).status).toBe(403);
    expect((await atLot('open', cookie)).status).toBe(403);

    const dashboard = await (await call('/api/owner/lot-issues', { cookie: owner })).json<IssueView[]>();
    expect(dashboard.map((i) => i.id)).toContain(open.id);
    expect(dashboard.map((i) => i.id)).not.toContain(done.id);
    // Another owner's dashboard does not show them.
    const admin = await (await call('/api/owner/lot-issues', { cookie: await cookieFor('super_admin') })).json<IssueView[]>();
    expect(admin.map((i) => i.id)).toContain(open.id);
  });
});
