/** Who works a lot's gate as its owner manages it: new accounts by e-mail, removal, a super admin's role change (lot-attendants.service.ts). */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NAMES_FOR_NEW_ACCOUNT } from '../../core/lot-attendants';
import { CURRENT_VERSIONS, TERMS_VERSION } from '../../core/legal';
import { DAY_MS } from '../../core/time';
import { INVITATION_LINK_SPENT, LINK_NOT_VALID } from '../../core/verification';
import { sha256Hex } from '../verification/verification.service';
import { attendantAssignments, shifts, users, verifications } from '../db/schema';
import { call, cookieFor, db, messageOf, ORIGIN, sessionCookie, signedInAccount, signupBody } from '../test/helpers';
import { tokenIn, waitForMail, waitForSubject } from '../test/mailbox';
import {
  acceptLink,
  add,
  attendantsPath,
  hire,
  listAttendants,
  newLot,
  ownerWithLot,
  remove,
  roleChanges,
  roleOf,
  signIn,
  worksAt,
  type Added,
  seededWithMailbox,
} from '../test/lot-attendants';

beforeAll(seededWithMailbox);

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

  it('the link is honoured only while the account has never set its own password', async () => {
    const { email, token } = await invited();
    // The person set their own password by "Forgot password?" instead; the invitation link still sits in the mailbox.
    expect((await call('/api/auth/password-reset', { method: 'POST', json: { email } })).status).toBe(202);
    const reset = tokenIn(await waitForSubject(email, 'Set a new Parkada password'));
    const own = { token: reset, password: 'my own secret 2026' };
    expect((await call('/api/auth/password-reset/confirm', { method: 'POST', json: own })).status).toBe(204);
    const res = await acceptLink({ token, password: 'gate keeper 2026', ...CURRENT_VERSIONS });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe(INVITATION_LINK_SPENT);
    expect(res.headers.get('Set-Cookie')).toBeNull();
    expect((await signIn(email, 'gate keeper 2026')).status).toBe(401);
    expect((await signIn(email, own.password)).status).toBe(200);
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
