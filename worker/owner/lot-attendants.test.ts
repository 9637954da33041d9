import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NAMES_FOR_NEW_ACCOUNT } from '../../core/lot-attendants';
import { CURRENT_VERSIONS, TERMS_VERSION } from '../../core/legal';
import { DAY_MS } from '../../core/time';
import { LINK_NOT_VALID } from '../../core/verification';
import { sha256Hex } from '../verification/verification.service';
import { attendantAssignments, attendantInvitations, auditLogs, notifications, shifts, users, verifications } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/seed';
import { call, cookieFor, db, messageOf, ORIGIN, seedOnce, sessionCookie, signedInAccount, signupBody } from '../test/helpers';
import { openMailbox, tokenIn, waitForMail } from '../test/mailbox';

type Attendant = {
  id: string;
  name: string;
  email: string;
  role: string;
  onShift: boolean;
  shiftStartedAt: string | null;
  emailVerified: boolean;
};
type Invitation = { id: string; userId: string; email: string; name: string; invitedAt: string };
type Added = { attendant: Attendant; created: boolean; invitation: Invitation | null };
type MyInvitation = { id: string; lotId: string; lotName: string; invitedBy: string };

const newLot = async (cookie: string) =>
  (
    await (
      await call('/api/owner/lots', {
        method: 'POST',
        cookie,
        json: { name: 'Rockwell Lot', geoLat: 14.565, geoLng: 121.036, totalSlots: 2 },
      })
    ).json<{ id: string }>()
  ).id;
const attendantsPath = (lotId: string) => `/api/owner/lots/${lotId}/attendants`;
const listAttendants = async (cookie: string, lotId: string) => (await call(attendantsPath(lotId), { cookie })).json<Attendant[]>();
const add = (cookie: string, lotId: string, json: Record<string, unknown>) => call(attendantsPath(lotId), { method: 'POST', cookie, json });
const remove = (cookie: string, lotId: string, userId: string) => call(`${attendantsPath(lotId)}/${userId}`, { method: 'DELETE', cookie });
const acceptLink = (json: Record<string, unknown>) => call('/api/auth/accept-invitation', { method: 'POST', json });
const invitationsOf = async (cookie: string, lotId: string) =>
  (await call(`/api/owner/lots/${lotId}/invitations`, { cookie })).json<Invitation[]>();
const myInvitations = async (cookie: string) => (await call('/api/invitations', { cookie })).json<MyInvitation[]>();
const answer = (cookie: string, id: string, verb: 'accept' | 'decline') =>
  call(`/api/invitations/${id}/${verb}`, { method: 'POST', cookie });
const withdraw = (cookie: string, lotId: string, id: string) =>
  call(`/api/owner/lots/${lotId}/invitations/${id}`, { method: 'DELETE', cookie });
/** Invites an existing account and has it accept: the only way it comes to work a lot's gate. */
async function hire(ownerCookie: string, lotId: string, invitee: { email: string; cookie: string }) {
  const res = await add(ownerCookie, lotId, { email: invitee.email });
  expect(res.status).toBe(201);
  const { invitation } = await res.json<Added>();
  expect((await answer(invitee.cookie, invitation!.id, 'accept')).status).toBe(200);
}
const notesOf = async (userId: string) =>
  (
    await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'GATE_INVITATION')))
  ).map((note) => note.title);
const roleOf = async (userId: string) => (await db().select({ role: users.role }).from(users).where(eq(users.id, userId)))[0].role;
const roleChanges = async (userId: string) =>
  (
    await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.subject, `user:${userId}`), eq(auditLogs.action, 'ROLE_CHANGE')))
  ).map((row) => JSON.parse(row.contextJson));
const signIn = (email: string, password: string) => call('/api/auth/login', { method: 'POST', json: { email, password } });
const worksAt = async (cookie: string) =>
  (await (await call('/api/attendant/lots', { cookie })).json<{ id: string }[]>()).map((lot) => lot.id);

/** An owner with a lot of their own. */
async function ownerWithLot() {
  const owner = await signedInAccount('owner_admin');
  return { ...owner, lotId: await newLot(owner.cookie) };
}

beforeAll(async () => {
  openMailbox();
  await seedOnce();
});

describe('inviting an existing account', () => {
  it('changes nothing until the driver accepts; accepting makes them the lot’s attendant, audited with them as actor', async () => {
    const { user: owner, cookie, lotId } = await ownerWithLot();
    const { user: driver, cookie: driverCookie } = await signedInAccount('parking_user');

    const res = await add(cookie, lotId, { email: driver.email.toUpperCase() });
    expect(res.status).toBe(201);
    const added = await res.json<Added>();
    expect(added).toEqual({
      created: false,
      attendant: null,
      invitation: { id: expect.any(String), userId: driver.id, email: driver.email, name: 'Liza Soberano', invitedAt: expect.any(String) },
    });
    // An invitation is not a role: the driver is untouched and works no gate.
    expect(await roleOf(driver.id)).toBe('parking_user');
    expect(await listAttendants(cookie, lotId)).toEqual([]);
    expect((await call('/api/attendant/lots', { cookie: driverCookie })).status).toBe(403);
    expect(await invitationsOf(cookie, lotId)).toEqual([added.invitation]);
    expect(await notesOf(driver.id)).toEqual(['Gate Invitation']);
    expect(await myInvitations(driverCookie)).toEqual([
      expect.objectContaining({
        id: added.invitation!.id,
        lotId,
        lotName: 'Rockwell Lot',
        invitedBy: `${owner.firstName} ${owner.lastName}`,
      }),
    ]);

    const accepted = await answer(driverCookie, added.invitation!.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ lotId, lotName: 'Rockwell Lot', role: 'attendant' });
    expect(await roleOf(driver.id)).toBe('attendant');
    expect(await roleChanges(driver.id)).toEqual([
      { email: driver.email, from: 'parking_user', to: 'attendant', lotId, invitedBy: owner.id },
    ]);
    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.subject, `user:${driver.id}`));
    expect(entry.actorId).toBe(driver.id);
    expect(await notesOf(owner.id)).toEqual(['Invitation Accepted']);
    expect((await listAttendants(cookie, lotId)).map((a) => a.id)).toEqual([driver.id]);
    expect(await invitationsOf(cookie, lotId)).toEqual([]);
    expect(await myInvitations(driverCookie)).toEqual([]);
    // Their own session now reaches the lot's gate.
    expect(await worksAt(driverCookie)).toEqual([lotId]);
    const again = await answer(driverCookie, added.invitation!.id, 'accept');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: 'This invitation was already accepted.' });
  });

  it('keeps an owner’s and the super admin’s role once they accept; the owner then works that lot’s gate', async () => {
    const { cookie, lotId } = await ownerWithLot();
    const { user: otherOwner, cookie: otherCookie } = await ownerWithLot();
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'super_admin')!;
    await hire(cookie, lotId, { email: otherOwner.email, cookie: otherCookie });
    await hire(cookie, lotId, { email: admin.email, cookie: await cookieFor('super_admin') });
    expect(await roleOf(otherOwner.id)).toBe('owner_admin');
    expect(await roleChanges(otherOwner.id)).toEqual([]);
    expect((await listAttendants(cookie, lotId)).map((a) => a.role).sort()).toEqual(['owner_admin', 'super_admin']);
    expect(await worksAt(otherCookie)).toContain(lotId);
    expect((await call(`/api/attendant/lot-status?lotId=${lotId}`, { cookie: otherCookie })).status).toBe(200);
  });

  it('refuses the owner themselves, someone already working the lot and a second invitation, with 409', async () => {
    const { user: owner, cookie, lotId } = await ownerWithLot();
    const self = await add(cookie, lotId, { email: owner.email });
    expect(self.status).toBe(409);
    expect(await self.json()).toMatchObject({ message: 'You already work this lot’s gate.' });
    const driver = await signedInAccount('parking_user');
    expect((await add(cookie, lotId, { email: driver.user.email })).status).toBe(201);
    const twice = await add(cookie, lotId, { email: driver.user.email });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ message: `${driver.user.email} is already invited to this lot.` });
    expect(await invitationsOf(cookie, lotId)).toHaveLength(1);
    await answer(driver.cookie, (await myInvitations(driver.cookie))[0].id, 'accept');
    const again = await add(cookie, lotId, { email: driver.user.email });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: `${driver.user.email} already works at this lot.` });
    expect(await roleChanges(driver.user.id)).toHaveLength(1);
  });

  it('a declined invitation changes nothing but tells the owner; it cannot be accepted afterwards', async () => {
    const { user: owner, cookie, lotId } = await ownerWithLot();
    const { user: driver, cookie: driverCookie } = await signedInAccount('parking_user');
    const { invitation } = await (await add(cookie, lotId, { email: driver.email })).json<Added>();
    const declined = await answer(driverCookie, invitation!.id, 'decline');
    expect(declined.status).toBe(200);
    expect(await declined.json()).toEqual({ id: invitation!.id, status: 'declined' });
    expect(await notesOf(owner.id)).toEqual(['Invitation Declined']);
    expect((await answer(driverCookie, invitation!.id, 'accept')).status).toBe(409);
    expect(await roleOf(driver.id)).toBe('parking_user');
    expect(await listAttendants(cookie, lotId)).toEqual([]);
    // Declined, they may be invited again.
    expect((await add(cookie, lotId, { email: driver.email })).status).toBe(201);
  });

  it('only the invited person answers (404 for anyone else), and a withdrawn invitation opens nothing', async () => {
    const { cookie, lotId } = await ownerWithLot();
    const { user: driver, cookie: driverCookie } = await signedInAccount('parking_user');
    const { cookie: stranger } = await signedInAccount('parking_user');
    const { invitation } = await (await add(cookie, lotId, { email: driver.email })).json<Added>();
    expect((await answer(stranger, invitation!.id, 'accept')).status).toBe(404);
    expect((await answer(stranger, invitation!.id, 'decline')).status).toBe(404);
    const rival = await ownerWithLot();
    expect((await withdraw(rival.cookie, lotId, invitation!.id)).status).toBe(404);
    expect((await withdraw(rival.cookie, rival.lotId, invitation!.id)).status).toBe(404);

    const withdrawn = await withdraw(cookie, lotId, invitation!.id);
    expect(withdrawn.status).toBe(200);
    const late = await answer(driverCookie, invitation!.id, 'accept');
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: 'This invitation was already withdrawn.' });
    expect(await roleOf(driver.id)).toBe('parking_user');
    expect((await call('/api/attendant/lots', { cookie: driverCookie })).status).toBe(403);
  });

  it('an acceptance racing a withdrawal leaves exactly one of them, never half of either', async () => {
    for (let round = 0; round < 4; round++) {
      const { cookie, lotId } = await ownerWithLot();
      const { user: driver, cookie: driverCookie } = await signedInAccount('parking_user');
      const { invitation } = await (await add(cookie, lotId, { email: driver.email })).json<Added>();
      const [accepted, withdrawn] = await Promise.all([
        answer(driverCookie, invitation!.id, 'accept'),
        withdraw(cookie, lotId, invitation!.id),
      ]);
      expect([accepted.status, withdrawn.status].sort()).toEqual([200, 409]);
      const [row] = await db().select().from(attendantInvitations).where(eq(attendantInvitations.id, invitation!.id));
      const assigned = (await listAttendants(cookie, lotId)).map((a) => a.id);
      if (accepted.status === 200) {
        expect(row.status).toBe('accepted');
        expect(assigned).toEqual([driver.id]);
        expect(await roleOf(driver.id)).toBe('attendant');
      } else {
        expect(row.status).toBe('withdrawn');
        expect(assigned).toEqual([]);
        expect(await roleOf(driver.id)).toBe('parking_user');
      }
    }
  });
});

describe('the super admin makes an attendant a driver', () => {
  it('takes them off every lot and ends their open shift in the same change', async () => {
    const { cookie, lotId } = await ownerWithLot();
    const secondLot = await newLot(cookie);
    const driver = await signedInAccount('parking_user');
    await hire(cookie, lotId, { email: driver.user.email, cookie: driver.cookie });
    await hire(cookie, secondLot, { email: driver.user.email, cookie: driver.cookie });
    expect((await call('/api/attendant/shift', { method: 'POST', cookie: driver.cookie, json: { lotId, action: 'start' } })).status).toBe(
      201,
    );

    const res = await call(`/api/admin/users/${driver.user.id}/role`, {
      method: 'POST',
      cookie: await cookieFor('super_admin'),
      json: { role: 'parking_user', reason: 'Left the company' },
    });
    expect(res.status).toBe(200);
    expect(await listAttendants(cookie, lotId)).toEqual([]);
    expect(await listAttendants(cookie, secondLot)).toEqual([]);
    expect(await db().select().from(attendantAssignments).where(eq(attendantAssignments.attendantId, driver.user.id))).toEqual([]);
    const [shift] = await db().select().from(shifts).where(eq(shifts.attendantId, driver.user.id));
    expect(shift.endedAt).not.toBeNull();
    expect((await call(`/api/attendant/shift?lotId=${lotId}`, { cookie: driver.cookie })).status).toBe(403);
  });
});

describe('adding an unknown e-mail', () => {
  /** An owner's lot with a new attendant account, and the invitation e-mail it was sent. */
  async function invited() {
    const owner = await ownerWithLot();
    const email = signupBody().email;
    const res = await add(owner.cookie, owner.lotId, { email, firstName: 'Pedro', lastName: 'Penduko' });
    expect(res.status).toBe(201);
    const added = await res.json<Added>();
    const [mail] = await waitForMail(email);
    return { ...owner, email, added, mail, token: tokenIn(mail) };
  }

  it('creates an attendant and e-mails them a link; the owner never sees a password', async () => {
    const { user: owner, lotId, email, added, mail, token } = await invited();
    expect(added).toEqual({
      created: true,
      invitation: null,
      attendant: expect.objectContaining({ name: 'Pedro Penduko', email, role: 'attendant', onShift: false, emailVerified: false }),
    });
    expect(Object.keys(added)).not.toContain('oneTimePassword');
    const [stored] = await db().select().from(users).where(eq(users.email, email));
    expect(stored).toMatchObject({ role: 'attendant', emailVerifiedAt: null, mustChangePassword: false, phone: null });
    expect(await roleChanges(stored.id)).toEqual([{ email, from: null, to: 'attendant', lotId }]);

    // The e-mail names the lot and who invited them; its link opens the invitation page, stored only as a hash.
    expect(mail.subject).toBe(`${owner.firstName} ${owner.lastName} invited you to work the gate of Rockwell Lot`);
    expect(mail.text).toContain(`${ORIGIN}/accept-invitation?token=${token}`);
    const [link] = await db().select().from(verifications).where(eq(verifications.target, email));
    expect(link).toMatchObject({ type: 'invitation', tokenHash: await sha256Hex(token) });
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);
    // Until the link is used, no password opens the account.
    expect((await signIn(email, '')).status).toBe(400);
    expect((await signIn(email, 'parkada-demo')).status).toBe(401);
  });

  it('the link sets their own password, accepts the Terms, verifies the address and signs them in; once', async () => {
    const { cookie, lotId, email, token } = await invited();
    const missingTerms = await acceptLink({ token, password: 'gate keeper 2026' });
    expect(missingTerms.status).toBe(400);
    const res = await acceptLink({ token, password: 'gate keeper 2026', ...CURRENT_VERSIONS });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { email, role: 'attendant', emailVerified: true, termsVersion: TERMS_VERSION } });
    expect(await worksAt(sessionCookie(res))).toEqual([lotId]);
    expect((await signIn(email, 'gate keeper 2026')).status).toBe(200);
    expect((await listAttendants(cookie, lotId))[0].emailVerified).toBe(true);

    const again = await acceptLink({ token, password: 'another one 2026', ...CURRENT_VERSIONS });
    expect(again.status).toBe(400);
    expect(await messageOf(again)).toBe(LINK_NOT_VALID);
    expect((await signIn(email, 'another one 2026')).status).toBe(401);
  });

  it('refuses a link past its seven days, and an unknown one, and sets nothing', async () => {
    const { email, token } = await invited();
    await db()
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1_000).toISOString() })
      .where(eq(verifications.target, email));
    for (const tried of [token, 'f'.repeat(64)]) {
      const res = await acceptLink({ token: tried, password: 'gate keeper 2026', ...CURRENT_VERSIONS });
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(LINK_NOT_VALID);
    }
    expect((await signIn(email, 'gate keeper 2026')).status).toBe(401);
    expect((await db().select().from(users).where(eq(users.email, email)))[0].emailVerifiedAt).toBeNull();
  });

  it('needs a first and last name to create the account, and creates nothing without them', async () => {
    const { cookie, lotId } = await ownerWithLot();
    const email = signupBody().email;
    for (const json of [{ email }, { email, firstName: 'Pedro' }, { email, firstName: ' ', lastName: 'Penduko' }]) {
      const res = await add(cookie, lotId, json);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: NAMES_FOR_NEW_ACCOUNT });
    }
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers 400 with a message and changes nothing', async () => {
    const { cookie, lotId } = await ownerWithLot();
    const cases: [string, RequestInit & { json?: unknown }][] = [
      [attendantsPath(lotId), { method: 'POST', json: { email: 'not an e-mail' } }],
      [attendantsPath(lotId), { method: 'POST', json: {} }],
      [attendantsPath(lotId), { method: 'POST', json: { email: signupBody().email, firstName: 'x'.repeat(81), lastName: 'Penduko' } }],
      [attendantsPath('nope'), { method: 'GET' }],
      [`${attendantsPath(lotId)}/nope`, { method: 'DELETE' }],
    ];
    for (const [path, init] of cases) {
      const res = await call(path, { ...init, cookie });
      expect(res.status, `${init.method} ${path}`).toBe(400);
      expect((await res.json<{ message: string }>()).message).toBeTruthy();
    }
    expect(await listAttendants(cookie, lotId)).toEqual([]);
  });
});

describe('removing an attendant', () => {
  it('ends their open shift at the lot and makes an attendant who works no other lot a driver again', async () => {
    const { cookie, lotId } = await ownerWithLot();
    const { user: driver, cookie: driverCookie } = await signedInAccount('parking_user');
    await hire(cookie, lotId, { email: driver.email, cookie: driverCookie });
    expect((await call('/api/attendant/shift', { method: 'POST', cookie: driverCookie, json: { lotId, action: 'start' } })).status).toBe(
      201,
    );
    expect((await listAttendants(cookie, lotId))[0]).toMatchObject({ onShift: true, shiftStartedAt: expect.any(String) });

    const res = await remove(cookie, lotId, driver.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: driver.id, shiftEnded: true, role: 'parking_user' });
    const [shift] = await db().select().from(shifts).where(eq(shifts.attendantId, driver.id));
    expect(shift.endedAt).not.toBeNull();
    expect(await roleOf(driver.id)).toBe('parking_user');
    expect((await roleChanges(driver.id)).map((c) => [c.from, c.to])).toEqual([
      ['parking_user', 'attendant'],
      ['attendant', 'parking_user'],
    ]);
    expect(await listAttendants(cookie, lotId)).toEqual([]);
    expect((await call(`/api/attendant/shift?lotId=${lotId}`, { cookie: driverCookie })).status).toBe(403);
  });

  it('keeps the attendant role while they work another lot', async () => {
    const { cookie, lotId } = await ownerWithLot();
    const secondLot = await newLot(cookie);
    const { user: driver, cookie: driverCookie } = await signedInAccount('parking_user');
    await hire(cookie, lotId, { email: driver.email, cookie: driverCookie });
    await hire(cookie, secondLot, { email: driver.email, cookie: driverCookie });
    expect(await (await remove(cookie, lotId, driver.id)).json()).toEqual({ id: driver.id, shiftEnded: false, role: 'attendant' });
    expect(await roleOf(driver.id)).toBe('attendant');
    expect(await worksAt(driverCookie)).toEqual([secondLot]);
  });

  it('answers 404 for someone who does not work the lot', async () => {
    const { cookie, lotId } = await ownerWithLot();
    const { user: driver } = await signedInAccount('parking_user');
    expect((await remove(cookie, lotId, driver.id)).status).toBe(404);
    expect((await remove(cookie, lotId, crypto.randomUUID())).status).toBe(404);
  });
});

describe('another owner’s lot', () => {
  it('answers 404 on every attendant route and changes nothing', async () => {
    const { cookie, lotId } = await ownerWithLot();
    const { cookie: rival } = await ownerWithLot();
    const { user: driver, cookie: driverCookie } = await signedInAccount('parking_user');
    await hire(cookie, lotId, { email: driver.email, cookie: driverCookie });

    expect((await call(attendantsPath(lotId), { cookie: rival })).status).toBe(404);
    expect((await call(`/api/owner/lots/${lotId}/invitations`, { cookie: rival })).status).toBe(404);
    expect((await add(rival, lotId, { email: signupBody().email, firstName: 'Sneaky', lastName: 'Pete' })).status).toBe(404);
    expect((await remove(rival, lotId, driver.id)).status).toBe(404);
    expect((await db().select().from(attendantAssignments).where(eq(attendantAssignments.lotId, lotId))).map((a) => a.attendantId)).toEqual(
      [driver.id],
    );
    expect(await roleOf(driver.id)).toBe('attendant');
  });
});
