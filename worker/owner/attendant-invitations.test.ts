/** Inviting an existing account to work a lot's gate: only the invited person's acceptance assigns them (attendant-invitations.service.ts). */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendantInvitations, auditLogs } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/seed';
import { markEmailVerified } from '../users/users.data';
import { call, cookieFor, db, signedInAccount } from '../test/helpers';
import {
  add,
  answer,
  hire,
  invitationsOf,
  listAttendants,
  myInvitations,
  notesOf,
  ownerWithLot,
  roleChanges,
  roleOf,
  withdraw,
  worksAt,
  type Added,
  seededWithMailbox,
  verifiedDriver,
} from '../test/lot-attendants';

beforeAll(seededWithMailbox);

describe('inviting an existing account', () => {
  it('changes nothing until the driver accepts; accepting makes them the lot’s attendant, audited with them as actor', async () => {
    const { user: owner, cookie, lotId } = await ownerWithLot();
    const { user: driver, cookie: driverCookie } = await verifiedDriver();

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

  it('is accepted only from a verified address: before, a 403 says why and the invitation waits', async () => {
    const { cookie, lotId } = await ownerWithLot();
    const { user: squatter, cookie: squatterCookie } = await signedInAccount('parking_user');
    const { invitation } = await (await add(cookie, lotId, { email: squatter.email })).json<Added>();
    const refused = await answer(squatterCookie, invitation!.id, 'accept');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: expect.stringMatching(/^Confirm your e-mail address/) });
    expect(await roleOf(squatter.id)).toBe('parking_user');
    expect(await listAttendants(cookie, lotId)).toEqual([]);
    expect(await myInvitations(squatterCookie)).toHaveLength(1);
    await markEmailVerified(db(), squatter.email, Date.now());
    expect((await answer(squatterCookie, invitation!.id, 'accept')).status).toBe(200);
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
    const driver = await verifiedDriver();
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
      const { user: driver, cookie: driverCookie } = await verifiedDriver();
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
