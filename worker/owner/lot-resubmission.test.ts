/** A rejected lot, edited and resubmitted: back in the super admin's pending list, its history kept, refused when it is not the owner's or not rejected. */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, lotSubmissions, notifications, users } from '../db/schema';
import { call, cookieFor, db, messageOf, seedOnce, walkPages } from '../test/helpers';
import { createLot, editLot, lotBody, newOwner } from '../test/owner-lots';

let adminCookie: string;
let adminId: string;
beforeAll(async () => {
  await seedOnce();
  adminCookie = await cookieFor('super_admin');
  [{ id: adminId }] = await db().select({ id: users.id }).from(users).where(eq(users.role, 'super_admin')).limit(1);
});

type Submission = { id: string; status: string; decisionReason: string | null; notes: string | null; totalSlots: number };
type Card = { id: string; name: string; isApproved: boolean; review: string; rejectionReason: string | null; submissions: Submission[] };
type Queued = { id: string; lotId: string; name: string; earlier: Submission[] };

const resubmit = (cookie: string, lotId: string, json: unknown = {}) =>
  call(`/api/owner/lots/${lotId}/resubmit`, { method: 'POST', cookie, json });
const decide = (submissionId: string, action: 'approve' | 'reject', reason?: string) =>
  call(`/api/admin/lots/${submissionId}/${action}`, { method: 'POST', cookie: adminCookie, json: { reason } });
const cardOf = async (cookie: string, lotId: string) => (await call(`/api/owner/lots/${lotId}`, { cookie })).json<Card>();
const pendingQueue = async () =>
  (
    await walkPages(async (cursor) => {
      const res = await call(`/api/admin/lot-submissions?status=pending&limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
        cookie: adminCookie,
      });
      return res.json<{ items: Queued[]; nextCursor: string | null }>();
    })
  ).flat();

/** A new owner's lot, submitted and rejected by the super admin with a reason. */
async function rejectedLot(reason = 'The photos do not show the entrance.') {
  const owner = await newOwner();
  const created = await createLot(owner.cookie, lotBody({ name: `Rejected Lot ${crypto.randomUUID().slice(0, 4)}` }));
  const lot = await created.json<Card>();
  const [submission] = await db().select().from(lotSubmissions).where(eq(lotSubmissions.lotId, lot.id));
  expect((await decide(submission.id, 'reject', reason)).status).toBe(200);
  return { owner, lot, rejectedId: submission.id };
}

describe('POST /api/owner/lots/:id/resubmit', () => {
  it('shows a rejected lot with its reason; edited and resubmitted, it is pending again for the admin, with its history', async () => {
    const { owner, lot, rejectedId } = await rejectedLot();
    expect(await cardOf(owner.cookie, lot.id)).toMatchObject({
      review: 'rejected',
      rejectionReason: 'The photos do not show the entrance.',
      submissions: [{ id: rejectedId, status: 'rejected' }],
    });

    expect((await editLot(owner.cookie, lot.id, { name: 'Fixed Lot', totalSlots: 4 })).status).toBe(200);
    const res = await resubmit(owner.cookie, lot.id, { notes: '  Added the entrance photo.  ' });
    expect(res.status).toBe(200);
    const card = await res.json<Card>();
    expect(card).toMatchObject({ name: 'Fixed Lot', isApproved: false, review: 'pending', rejectionReason: null });
    expect(card.submissions).toMatchObject([
      { status: 'pending', notes: 'Added the entrance photo.', totalSlots: 4, decisionReason: null },
      { id: rejectedId, status: 'rejected', decisionReason: 'The photos do not show the entrance.' },
    ]);

    const queued = (await pendingQueue()).find((item) => item.lotId === lot.id);
    expect(queued).toMatchObject({ id: card.submissions[0].id, name: 'Fixed Lot', earlier: [{ id: rejectedId, status: 'rejected' }] });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.subject, `lot_submission:${queued!.id}`));
    expect(audit).toMatchObject({ action: 'RESUBMIT_LOT', actorId: owner.user.id });
    expect(JSON.parse(audit.contextJson)).toMatchObject({ lotId: lot.id, notes: 'Added the entrance photo.' });
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, adminId), eq(notifications.title, 'Lot resubmitted')));
    expect(told.some((note) => note.message.startsWith('Fixed Lot was edited and sent back for review.'))).toBe(true);

    // The admin approves this time: the owner hears of it as of any decision, and the lot is approved.
    expect((await decide(queued!.id, 'approve')).status).toBe(200);
    const decided = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.user.id), eq(notifications.type, 'APPROVAL_DECISION')));
    expect(decided.map((note) => note.title).sort()).toEqual(['Lot Fixed Lot approved', `Lot ${lot.name} rejected`]);
    expect(await cardOf(owner.cookie, lot.id)).toMatchObject({
      review: 'approved',
      submissions: [{ status: 'approved' }, { status: 'rejected' }],
    });
  });

  it('is refused for a lot that is not rejected (409), another owner’s lot (404) and a bad note (400), changing nothing', async () => {
    const owner = await newOwner();
    const pending = await (await createLot(owner.cookie, lotBody())).json<Card>();
    const refused = await resubmit(owner.cookie, pending.id);
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe('Only a rejected lot can be resubmitted; this one is already waiting for review.');

    const { owner: other, lot } = await rejectedLot();
    expect((await resubmit(owner.cookie, lot.id)).status).toBe(404);
    expect((await resubmit(other.cookie, lot.id, { notes: 'x'.repeat(1001) })).status).toBe(400);
    expect(await db().select().from(lotSubmissions).where(eq(lotSubmissions.lotId, lot.id))).toHaveLength(1);
    expect(await db().select().from(lotSubmissions).where(eq(lotSubmissions.lotId, pending.id))).toHaveLength(1);
  });

  it('sends an unchanged lot back once when asked twice at once; the second is a 409, never a second pending submission', async () => {
    const { owner, lot } = await rejectedLot();
    const statuses = (await Promise.all([1, 2].map(() => resubmit(owner.cookie, lot.id)))).map((res) => res.status).sort();
    expect(statuses).toEqual([200, 409]);
    const rows = await db().select().from(lotSubmissions).where(eq(lotSubmissions.lotId, lot.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['pending', 'rejected']);
    // An approved lot is not resubmitted either.
    const [pendingRow] = rows.filter((row) => row.status === 'pending');
    expect((await decide(pendingRow.id, 'approve')).status).toBe(200);
    const approved = await resubmit(owner.cookie, lot.id);
    expect(approved.status).toBe(409);
    expect(await messageOf(approved)).toBe('Only a rejected lot can be resubmitted; this one is approved.');
  });
});
