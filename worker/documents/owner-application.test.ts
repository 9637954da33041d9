/**
 * The owner application's papers against the real D1 (docs/admin.md, Owner applications): filed by the
 * applicant, shown to the super admin, the TIN's format, and a rejected application sent again with its history.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TIN_MESSAGE } from '../../core/owner-application';
import { auditLogs, ownerApplicationDocuments, ownerApplications, users } from '../db/schema';
import {
  call,
  cookieFor,
  db,
  documentForm,
  pdfBytes,
  seedOnce,
  sessionCookie,
  signedInAccount,
  signedInDriver,
  signupBody,
} from '../test/helpers';

const PAPERS = {
  applicantRole: 'business_owner',
  businessName: 'Soberano Parking Corp.',
  businessLicense: 'BP-2026-00123',
  taxId: '123-456-789-000',
  notes: 'Two lots in Makati.',
};

let admin = '';
beforeAll(async () => {
  await seedOnce();
  admin = await cookieFor('super_admin');
});

async function applicant() {
  const body = signupBody({ role: 'business_owner' });
  const res = await call('/api/auth/signup', { method: 'POST', json: body });
  expect(res.status).toBe(201);
  const [application] = await db().select().from(ownerApplications).where(eq(ownerApplications.email, body.email));
  return { cookie: sessionCookie(res), application };
}

const file = (cookie: string, json: unknown) => call('/api/user/owner-application', { method: 'PATCH', json, cookie });
const own = async (cookie: string) => (await call('/api/user/owner-application', { cookie })).json<Record<string, unknown>>();
const decide = (id: string, action: 'approve' | 'reject', reason?: string) =>
  call(`/api/admin/owners/${id}/${action}`, { method: 'POST', json: { reason }, cookie: admin });
type Listed = { id: string; status: string; earlier: { id: string; status: string; decisionReason: string | null }[] };
const adminSees = async (id: string) => {
  const { items } = await (await call('/api/admin/owner-applications?status=all&limit=100', { cookie: admin })).json<{ items: Listed[] }>();
  return items.find((item) => item.id === id);
};
const rowsOf = (userId: string) => db().select().from(ownerApplications).where(eq(ownerApplications.userId, userId));

describe('the papers of an owner application', () => {
  it('are saved, trimmed, and shown to the applicant and the super admin', async () => {
    const { cookie, application } = await applicant();
    const res = await file(cookie, { ...PAPERS, businessName: '  Soberano Parking Corp.  ' });
    expect(res.status).toBe(200);
    const papers = { businessName: 'Soberano Parking Corp.', businessLicense: 'BP-2026-00123', taxId: '123-456-789-000' };
    expect(await res.json()).toMatchObject({ id: application.id, status: 'pending', ...papers, notes: 'Two lots in Makati.', earlier: [] });
    expect(await adminSees(application.id)).toMatchObject({ ...papers, notes: 'Two lots in Makati.', earlier: [] });
  });

  it('refuses a malformed TIN with a 400 naming taxId, and changes nothing', async () => {
    const { cookie, application } = await applicant();
    expect((await file(cookie, PAPERS)).status).toBe(200);
    for (const taxId of ['123-456-789', '123456789000', '123-456-789-00', 'ABC-456-789-000', '']) {
      const res = await file(cookie, { ...PAPERS, businessName: 'Changed', taxId });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: TIN_MESSAGE, issues: [{ path: 'taxId', message: TIN_MESSAGE }] });
    }
    const [row] = await rowsOf(application.userId);
    expect(row).toMatchObject({ businessName: 'Soberano Parking Corp.', taxId: '123-456-789-000' });
  });

  it('a rejected application is edited and sent again: pending again, its documents carried, the rejection kept as history', async () => {
    const { cookie, application } = await applicant();
    await file(cookie, PAPERS);
    expect((await call('/api/user/owner-application/documents', { method: 'POST', body: documentForm(pdfBytes()), cookie })).status).toBe(
      201,
    );
    expect((await decide(application.id, 'reject', 'The TIN does not match the permit')).status).toBe(200);

    const res = await file(cookie, { ...PAPERS, taxId: '123-456-789-001', notes: 'Corrected the branch code.' });
    expect(res.status).toBe(200);
    const resent = await res.json<{ id: string; documents: unknown[] }>();
    expect(resent).toMatchObject({
      status: 'pending',
      taxId: '123-456-789-001',
      decisionReason: null,
      documents: [{ name: 'permit.pdf' }],
    });
    expect(resent.id).not.toBe(application.id);
    expect(resent).toMatchObject({
      earlier: [{ id: application.id, status: 'rejected', taxId: '123-456-789-000', decisionReason: 'The TIN does not match the permit' }],
    });
    expect(await adminSees(resent.id)).toMatchObject({ status: 'pending', earlier: [{ id: application.id, status: 'rejected' }] });
    expect(await db().select().from(ownerApplicationDocuments).where(eq(ownerApplicationDocuments.applicationId, resent.id))).toHaveLength(
      1,
    );
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.subject, `owner_application:${resent.id}`));
    expect(audit).toMatchObject({ action: 'RESUBMIT_OWNER', actorId: application.userId });

    // The admin decides the new submission; the earlier one stays rejected.
    expect((await decide(resent.id, 'approve')).status).toBe(200);
    expect((await rowsOf(application.userId)).map((row) => row.status).sort()).toEqual(['approved', 'rejected']);
  });

  it('an approved application cannot be sent again; a pending one is edited in place, never doubled', async () => {
    const { cookie, application } = await applicant();
    expect((await file(cookie, PAPERS)).status).toBe(200);
    expect((await file(cookie, { ...PAPERS, businessLicense: 'BP-2026-00999' })).status).toBe(200);
    expect(await rowsOf(application.userId)).toMatchObject([{ id: application.id, status: 'pending', businessLicense: 'BP-2026-00999' }]);

    await decide(application.id, 'approve');
    const res = await file(cookie, PAPERS);
    expect(res.status).toBe(409);
    expect(await rowsOf(application.userId)).toHaveLength(1);
  });

  it('two resubmissions at once file one new application', async () => {
    const { cookie, application } = await applicant();
    await decide(application.id, 'reject', 'Missing permit');
    const results = await Promise.all([file(cookie, PAPERS), file(cookie, PAPERS)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await rowsOf(application.userId)).map((row) => row.status).sort()).toEqual(['pending', 'rejected']);
  });
});

describe('a driver applying from Settings', () => {
  it('files a pending application with the papers, which the super admin can approve', async () => {
    const { user, cookie } = await signedInDriver();
    expect((await call('/api/user/owner-application', { cookie })).status).toBe(404);
    const res = await file(cookie, { ...PAPERS, applicantRole: 'space_owner' });
    expect(res.status).toBe(200);
    const application = await res.json<{ id: string }>();
    expect(await own(cookie)).toMatchObject({ status: 'pending', applicantRole: 'space_owner', businessName: PAPERS.businessName });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.subject, `owner_application:${application.id}`));
    expect(audit).toMatchObject({ action: 'APPLY_OWNER' });
    expect((await decide(application.id, 'approve')).status).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row.role).toBe('owner_admin');
  });

  it('is refused to someone who is already staff, and files nothing', async () => {
    for (const role of ['owner_admin', 'attendant'] as const) {
      const { user, cookie } = await signedInAccount(role);
      const res = await file(cookie, PAPERS);
      expect(res.status).toBe(403);
      expect(await rowsOf(user.id)).toEqual([]);
    }
  });
});
