import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NAMES_FOR_NEW_ACCOUNT } from '../../core/lot-attendants';
import { MUST_CHANGE_PASSWORD, ONE_TIME_PASSWORD_EXPIRED } from '../../core/password-change';
import { attendantAssignments, attendantInvitations, auditLogs, notifications, shifts, users } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/seed';
import { call, cookieFor, db, seedOnce, sessionCookie, signedInAccount, signupBody } from '../test/helpers';

type Attendant = {
  id: string;
  name: string;
  email: string;
  role: string;
  onShift: boolean;
  shiftStartedAt: string | null;
  mustChangePassword: boolean;
};
type Invitation = { id: string; userId: string; email: string; name: string; invitedAt: string };
type Added = { attendant: Attendant; created: boolean; oneTimePassword: string | null; invitation: Invitation | null };
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
const renew = (cookie: string, lotId: string, userId: string) =>
  call(`${attendantsPath(lotId)}/${userId}/one-time-password`, { method: 'POST', cookie });
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

beforeAll(seedOnce);

describe('inviting an existing account', () => {
  it('changes nothing until the driver accepts; accepting makes them the lot’s attendant, audited with them as actor', async () => {
    const { user: owner, cookie, lotId } = await ownerWithLot();
    const { user: driver, cookie: driverCookie } = await signedInAccount('parking_user');

    const res = await add(cookie, lotId, { email: driver.email.toUpperCase() });
    expect(res.status).toBe(201);
    const added = await res.json<Added>();
    expect(added).toEqual({
      created: false,
      oneTimePassword: null,
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
  it('creates an attendant whose one-time password signs in only to set a new one', async () => {
    const { cookie, lotId } = await ownerWithLot();
    const email = signupBody().email;
    const res = await add(cookie, lotId, { email, firstName: 'Pedro', lastName: 'Penduko' });
    expect(res.status).toBe(201);
    const added = await res.json<Added>();
    expect(added).toMatchObject({
      created: true,
      attendant: { name: 'Pedro Penduko', email, role: 'attendant', onShift: false, mustChangePassword: true },
    });
    const password = added.oneTimePassword!;
    expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{5}(-[A-HJ-NP-Za-km-z2-9]{5}){3}$/);

    // Stored only as a hash, and never answered again.
    const [stored] = await db().select().from(users).where(eq(users.email, email));
    expect(stored).toMatchObject({ role: 'attendant', mustChangePassword: true, phone: null });
    expect(stored.passwordHash).toMatch(/^pbkdf2\$/);
    expect(stored.passwordHash).not.toContain(password);
    expect(JSON.stringify(await listAttendants(cookie, lotId))).not.toContain(password);
    expect(await roleChanges(stored.id)).toEqual([{ email, from: null, to: 'attendant', lotId }]);

    // Signing in says a new password is due, and nothing but that works meanwhile.
    const first = await signIn(email, password);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ user: { email, mustChangePassword: true } });
    const oneTime = sessionCookie(first);
    const blocked = await call('/api/attendant/lots', { cookie: oneTime });
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({ message: MUST_CHANGE_PASSWORD, mustChangePassword: true });
    expect((await call('/api/lots', { cookie: oneTime })).status).toBe(403);
    expect((await call('/api/auth/user', { cookie: oneTime })).status).toBe(200);

    const change = (json: Record<string, unknown>) => call('/api/auth/password', { method: 'POST', cookie: oneTime, json });
    expect(await (await change({ currentPassword: 'not it', newPassword: 'gate keeper 2026' })).json()).toMatchObject({
      message: 'Your current password is incorrect.',
    });
    const same = await change({ currentPassword: password, newPassword: password });
    expect(same.status).toBe(400);
    const short = await change({ currentPassword: password, newPassword: 'short' });
    expect(short.status).toBe(400);
    const changed = await change({ currentPassword: password, newPassword: 'gate keeper 2026' });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ user: { mustChangePassword: false } });

    // The one-time session ended with the change; the new one works the lot.
    expect((await call('/api/auth/user', { cookie: oneTime })).status).toBe(401);
    expect(await worksAt(sessionCookie(changed))).toEqual([lotId]);
    expect((await signIn(email, password)).status).toBe(401);
    const later = await signIn(email, 'gate keeper 2026');
    expect(await later.json()).toMatchObject({ user: { mustChangePassword: false } });
    expect((await listAttendants(cookie, lotId))[0].mustChangePassword).toBe(false);
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

describe('one-time passwords', () => {
  /** An owner's lot with a new attendant account, and the one-time password it was given. */
  async function newAttendant() {
    const owner = await ownerWithLot();
    const email = signupBody().email;
    const added = await (await add(owner.cookie, owner.lotId, { email, firstName: 'Kapitan', lastName: 'Basa' })).json<Added>();
    return { ...owner, email, attendantId: added.attendant.id, password: added.oneTimePassword! };
  }
  const expireNow = (userId: string) =>
    db()
      .update(users)
      .set({ passwordExpiresAt: new Date(Date.now() - 1_000).toISOString() })
      .where(eq(users.id, userId));

  it('works for seven days, then opens nothing: neither a sign-in nor the change', async () => {
    const { email, attendantId, password } = await newAttendant();
    const [stored] = await db().select().from(users).where(eq(users.id, attendantId));
    expect(Date.parse(stored.passwordExpiresAt!) - Date.now()).toBeGreaterThan(7 * 24 * 3_600_000 - 60_000);
    const session = sessionCookie(await signIn(email, password));

    await expireNow(attendantId);
    const refused = await signIn(email, password);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: ONE_TIME_PASSWORD_EXPIRED });
    const change = await call('/api/auth/password', {
      method: 'POST',
      cookie: session,
      json: { currentPassword: password, newPassword: 'gate keeper 2026' },
    });
    expect(change.status).toBe(403);
    expect(await change.json()).toMatchObject({ message: ONE_TIME_PASSWORD_EXPIRED });
    expect((await db().select().from(users).where(eq(users.id, attendantId)))[0].passwordHash).toBe(stored.passwordHash);
  });

  it('the owner issues a new one: the old stops working, its sessions end, and it is audited', async () => {
    const { user: owner, cookie, lotId, email, attendantId, password } = await newAttendant();
    const oldSession = sessionCookie(await signIn(email, password));
    await expireNow(attendantId);

    const res = await renew(cookie, lotId, attendantId);
    expect(res.status).toBe(200);
    const renewed = await res.json<{ attendant: Attendant & { oneTimePasswordExpiresAt: string }; oneTimePassword: string }>();
    expect(renewed.oneTimePassword).not.toBe(password);
    expect(Date.parse(renewed.attendant.oneTimePasswordExpiresAt)).toBeGreaterThan(Date.now());
    expect((await call('/api/auth/user', { cookie: oldSession })).status).toBe(401);
    expect((await signIn(email, password)).status).toBe(401);
    const fresh = await signIn(email, renewed.oneTimePassword);
    expect(await fresh.json()).toMatchObject({ user: { email, mustChangePassword: true } });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.subject, `user:${attendantId}`), eq(auditLogs.action, 'RESET_PASSWORD')));
    expect(audit).toMatchObject({ actorId: owner.id });
    expect(JSON.parse(audit.contextJson)).toEqual({ email, lotId });
    expect(audit.contextJson).not.toContain(renewed.oneTimePassword);
  });

  it('never replaces a password the account set itself, and changes nothing then', async () => {
    const { cookie, lotId } = await ownerWithLot();
    const { user: driver, cookie: driverCookie } = await signedInAccount('parking_user');
    await hire(cookie, lotId, { email: driver.email, cookie: driverCookie });
    const [before] = await db().select().from(users).where(eq(users.id, driver.id));
    const res = await renew(cookie, lotId, driver.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: `${driver.email} has set their own password; only they can change it.` });
    expect((await db().select().from(users).where(eq(users.id, driver.id)))[0].passwordHash).toBe(before.passwordHash);
    expect(await db().select().from(auditLogs).where(eq(auditLogs.action, 'RESET_PASSWORD'))).not.toContainEqual(
      expect.objectContaining({ subject: `user:${driver.id}` }),
    );
  });

  it('answers 404 for someone who does not work the lot', async () => {
    const { cookie, lotId } = await ownerWithLot();
    const { attendantId } = await newAttendant();
    expect((await renew(cookie, lotId, attendantId)).status).toBe(404);
  });

  it('never lets an owner open another owner’s attendant: adding them is only an invitation, and the password update checks the lot', async () => {
    const { email, attendantId, password } = await newAttendant();
    const rival = await ownerWithLot();
    const invited = await add(rival.cookie, rival.lotId, { email });
    expect(invited.status).toBe(201);
    expect((await invited.json<Added>()).attendant).toBeNull();
    expect((await renew(rival.cookie, rival.lotId, attendantId)).status).toBe(404);
    // Were they assigned there too (as if they had accepted), the update itself still refuses the rival.
    await db().insert(attendantAssignments).values({ id: crypto.randomUUID(), attendantId, lotId: rival.lotId });
    const [before] = await db().select().from(users).where(eq(users.id, attendantId));
    const res = await renew(rival.cookie, rival.lotId, attendantId);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      message: `${email} also works another owner's lot, so only Parkada support can give them a new password.`,
    });
    expect((await db().select().from(users).where(eq(users.id, attendantId)))[0].passwordHash).toBe(before.passwordHash);
    expect((await signIn(email, password)).status).toBe(200);
    // The super admin, who manages every lot, can.
    expect((await renew(await cookieFor('super_admin'), rival.lotId, attendantId)).status).toBe(200);
  });

  it('is only for attendant accounts: one the super admin made an owner is theirs alone', async () => {
    const { cookie, lotId, email, attendantId, password } = await newAttendant();
    const promoted = await call(`/api/admin/users/${attendantId}/role`, {
      method: 'POST',
      cookie: await cookieFor('super_admin'),
      json: { role: 'owner_admin' },
    });
    expect(promoted.status).toBe(200);
    const res = await renew(cookie, lotId, attendantId);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: `${email} is not an attendant account; only they can change its password.` });
    expect((await signIn(email, password)).status).toBe(200);
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
    expect((await renew(rival, lotId, driver.id)).status).toBe(404);
    expect((await db().select().from(attendantAssignments).where(eq(attendantAssignments.lotId, lotId))).map((a) => a.attendantId)).toEqual(
      [driver.id],
    );
    expect(await roleOf(driver.id)).toBe('attendant');
  });
});
