/** The super admin's approvals against the real D1 and KV: the state machine, its reason rule and what each decision changes. */
import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../app';
import { auditLogs, lotSubmissions, lots, notifications, ownerApplications, users } from '../db/schema';
import { newId } from '../db/ids';
import { makeLot } from '../test/booking-fixtures';
import { call, cookieFor, db, seedOnce, sessionCookie, signupBody, walkPages } from '../test/helpers';

let admin: ReturnType<typeof testClient<typeof app>>['api']['admin'];

beforeAll(async () => {
  await seedOnce();
  admin = testClient(app, env, undefined, { headers: { Cookie: await cookieFor('super_admin'), 'CF-Connecting-IP': '2001:db8::a' } }).api
    .admin;
});

/** An owner-type sign-up through the real API: its application and a live session of the applicant. */
async function ownerApplicant() {
  const body = signupBody({ role: 'business_owner' });
  const res = await call('/api/auth/signup', { method: 'POST', json: body });
  expect(res.status).toBe(201);
  const [application] = await db().select().from(ownerApplications).where(eq(ownerApplications.email, body.email));
  return { application, cookie: sessionCookie(res) };
}

/** A new lot of the demo owner, not yet bookable, with its pending submission. */
async function submittedLot() {
  const lotId = await makeLot(3);
  await db().update(lots).set({ isApproved: false }).where(eq(lots.id, lotId));
  const [lot] = await db().select().from(lots).where(eq(lots.id, lotId));
  const id = newId();
  await db()
    .insert(lotSubmissions)
    .values({ id, lotId, ownerId: lot.ownerId, totalSlots: 3, hourlyRate: 4000, documentsJson: JSON.stringify([{ name: 'permit.pdf' }]) });
  return { id, lot };
}

const decideOwner = (id: string, action: 'approve' | 'reject', reason?: string) =>
  admin.owners[':id'][':action'].$post({ param: { id, action }, json: { reason } });
const decideLot = (id: string, action: 'approve' | 'reject', reason?: string) =>
  admin.lots[':id'][':action'].$post({ param: { id, action }, json: { reason } });
const auditOf = (subject: string) => db().select().from(auditLogs).where(eq(auditLogs.subject, subject));
const noticesOf = (userId: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'APPROVAL_DECISION')));

describe('owner applications', () => {
  it('approving makes the applicant an owner on their very next request, notifies and audits them', async () => {
    const { application, cookie } = await ownerApplicant();
    expect((await call('/api/owner/lots', { cookie })).status).toBe(403);

    const res = await decideOwner(application.id, 'approve');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ title: 'Owner Approved', message: 'The owner application has been approved successfully' });

    const me = await call('/api/auth/user', { cookie });
    expect(await me.json()).toMatchObject({ role: 'owner_admin' });
    expect((await call('/api/owner/lots', { cookie })).status).toBe(200);
    const [row] = await db().select().from(ownerApplications).where(eq(ownerApplications.id, application.id));
    expect(row).toMatchObject({ status: 'approved', decisionReason: null, decidedAt: expect.any(String) });
    expect(await noticesOf(application.userId)).toMatchObject([{ title: 'Owner application approved' }]);
    expect(await auditOf(`owner_application:${application.id}`)).toMatchObject([
      { action: 'APPROVE_OWNER', actor: expect.stringContaining('admin@parkada.ph') },
    ]);
  });

  it('rejecting needs a reason, kept trimmed and sent to the applicant, who stays a driver', async () => {
    const { application } = await ownerApplicant();
    for (const reason of [undefined, '', '   ']) {
      const refused = await decideOwner(application.id, 'reject', reason);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ message: 'A reason is required to reject.' });
    }
    expect(await auditOf(`owner_application:${application.id}`)).toEqual([]);

    expect(await (await decideOwner(application.id, 'reject', '  TIN does not match the licence  ')).json()).toEqual({
      title: 'Owner Rejected',
      message: 'The owner application has been rejected successfully',
    });
    const [row] = await db().select().from(ownerApplications).where(eq(ownerApplications.id, application.id));
    expect(row).toMatchObject({ status: 'rejected', decisionReason: 'TIN does not match the licence' });
    const [user] = await db().select().from(users).where(eq(users.id, application.userId));
    expect(user.role).toBe('parking_user');
    expect(await noticesOf(application.userId)).toMatchObject([
      { title: 'Owner application rejected', message: 'Reason: TIN does not match the licence' },
    ]);
    expect(await auditOf(`owner_application:${application.id}`)).toMatchObject([
      { action: 'REJECT_OWNER', contextJson: expect.stringContaining('"reason":"TIN does not match the licence"') },
    ]);
  });

  it('refuses a second decision with 409 and changes nothing', async () => {
    const { application } = await ownerApplicant();
    await decideOwner(application.id, 'reject', 'Incomplete documents');
    for (const [action, reason] of [
      ['approve', undefined],
      ['reject', 'Again'],
    ] as const) {
      const res = await decideOwner(application.id, action, reason);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ message: expect.stringContaining('already rejected') });
    }
    const [user] = await db().select().from(users).where(eq(users.id, application.userId));
    expect(user.role).toBe('parking_user');
    expect(await auditOf(`owner_application:${application.id}`)).toHaveLength(1);
  });

  it('lets only one of two simultaneous decisions win', async () => {
    const { application } = await ownerApplicant();
    const results = await Promise.all([decideOwner(application.id, 'approve'), decideOwner(application.id, 'reject', 'Duplicate')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await auditOf(`owner_application:${application.id}`)).toHaveLength(1);
    expect(await noticesOf(application.userId)).toHaveLength(1);
  });

  it('leaves no decision, role or notice when the audit entry cannot be written', async () => {
    const { application } = await ownerApplicant();
    const subject = `owner_application:${application.id}`;
    await env.DB.exec(
      `CREATE TRIGGER audit_fault BEFORE INSERT ON audit_logs WHEN NEW.subject = '${subject}' BEGIN SELECT RAISE(ABORT, 'injected audit failure'); END;`,
    );
    try {
      expect((await decideOwner(application.id, 'approve')).status).toBe(500);
    } finally {
      await env.DB.exec('DROP TRIGGER audit_fault');
    }
    const [row] = await db().select().from(ownerApplications).where(eq(ownerApplications.id, application.id));
    const [user] = await db().select().from(users).where(eq(users.id, application.userId));
    expect([row.status, user.role]).toEqual(['pending', 'parking_user']);
    expect(await noticesOf(application.userId)).toEqual([]);
  });

  it('answers 404 for an unknown application and 400 for an unknown action', async () => {
    expect((await decideOwner(newId(), 'approve')).status).toBe(404);
    const { application } = await ownerApplicant();
    const res = await call(`/api/admin/owners/${application.id}/suspend`, {
      method: 'POST',
      json: {},
      cookie: await cookieFor('super_admin'),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'The action is approve or reject.' });
  });

  it('lists by status, pending by default', async () => {
    const { application: pending } = await ownerApplicant();
    const { application: approved } = await ownerApplicant();
    await decideOwner(approved.id, 'approve');
    const ids = async (status?: 'pending' | 'approved' | 'rejected' | 'all') =>
      (
        (await (await admin['owner-applications'].$get({ query: { limit: '100', ...(status ? { status } : {}) } })).json()) as {
          items: { id: string }[];
        }
      ).items.map((a) => a.id);
    expect(await ids()).toContain(pending.id);
    expect(await ids()).not.toContain(approved.id);
    expect(await ids('approved')).toContain(approved.id);
    expect(await ids('approved')).not.toContain(pending.id);
    expect(await ids('all')).toEqual(expect.arrayContaining([pending.id, approved.id]));
    const bad = await call('/api/admin/owner-applications?status=maybe', { cookie: await cookieFor('super_admin') });
    expect(bad.status).toBe(400);
  });
});

describe('lot submissions', () => {
  it('approving makes the lot bookable and searchable, and tells its owner', async () => {
    const { id, lot } = await submittedLot();
    const search = async () => (await (await call(`/api/lots?q=${encodeURIComponent(lot.name)}`)).json()) as { items: { id: string }[] };
    expect((await search()).items).toEqual([]);
    expect((await call(`/api/lots/${lot.id}`)).status).toBe(404);

    const pending = (await (await admin['pending-approvals'].$get()).json()) as { lots: { id: string }[] };
    expect(pending.lots).toContainEqual({
      id,
      name: lot.name,
      owner: 'Maria Santos',
      slots: 3,
      rate: 4000,
      submittedAt: expect.any(String),
      resubmission: false,
    });

    const res = await decideLot(id, 'approve', '  Permit verified  ');
    expect(await res.json()).toEqual({ title: 'Lot Approved', message: 'The lot submission has been approved successfully' });
    expect((await search()).items.map((l) => l.id)).toEqual([lot.id]);
    expect((await call(`/api/lots/${lot.id}`)).status).toBe(200);
    expect(await noticesOf(lot.ownerId)).toContainEqual(
      expect.objectContaining({ title: `Lot ${lot.name} approved`, message: 'Drivers can now find and book it. Reason: Permit verified' }),
    );
    expect(await auditOf(`lot_submission:${id}`)).toMatchObject([{ action: 'APPROVE_LOT' }]);
    expect((await decideLot(id, 'reject', 'Too late')).status).toBe(409);
  });

  it('rejecting needs a reason and leaves the lot unbookable', async () => {
    const { id, lot } = await submittedLot();
    expect((await decideLot(id, 'reject', ' ')).status).toBe(400);
    expect((await decideLot(id, 'reject', 'No business permit')).status).toBe(200);
    const [after] = await db().select().from(lots).where(eq(lots.id, lot.id));
    expect(after.isApproved).toBe(false);
    const rejected = (
      (await (await admin['lot-submissions'].$get({ query: { status: 'rejected' } })).json()) as {
        items: { id: string; decisionReason: string; documents: unknown[] }[];
      }
    ).items;
    expect(rejected.find((s) => s.id === id)).toMatchObject({ decisionReason: 'No business permit', documents: [{ name: 'permit.pdf' }] });
    expect(await auditOf(`lot_submission:${id}`)).toMatchObject([{ action: 'REJECT_LOT' }]);
  });
});

describe('paged queues', () => {
  type Listed = { items: { id: string; submittedAt: string }[]; nextCursor: string | null };
  const walk = (list: 'owner-applications' | 'lot-submissions') =>
    walkPages(
      async (cursor) =>
        (await admin[list].$get({ query: { status: 'all', limit: '2', ...(cursor ? { cursor } : {}) } })).json() as Promise<Listed>,
    );

  it('pages both queues newest submission first, never repeating or skipping an item', async () => {
    const owners = [
      (await ownerApplicant()).application.id,
      (await ownerApplicant()).application.id,
      (await ownerApplicant()).application.id,
    ];
    const lots = [(await submittedLot()).id, (await submittedLot()).id, (await submittedLot()).id];
    for (const [list, made] of [
      ['owner-applications', owners],
      ['lot-submissions', lots],
    ] as const) {
      const pages = await walk(list);
      expect(pages.length, list).toBeGreaterThan(1);
      expect(
        pages.slice(0, -1).every((page) => page.length === 2),
        list,
      ).toBe(true);
      const items = pages.flat();
      expect(new Set(items.map((i) => i.id)).size, list).toBe(items.length);
      expect(
        items.map((i) => i.id),
        list,
      ).toEqual(expect.arrayContaining(made));
      const times = items.map((i) => i.submittedAt);
      expect(times, list).toEqual([...times].sort().reverse());
    }
  });

  it('refuses a cursor it did not give out and a page too large', async () => {
    const cookie = await cookieFor('super_admin');
    for (const query of ['cursor=nope', 'limit=0', 'limit=101']) {
      const res = await call(`/api/admin/lot-submissions?${query}`, { cookie });
      expect(res.status, query).toBe(400);
      expect(await res.json()).toHaveProperty('message');
    }
  });
});
