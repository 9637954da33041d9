/** Who works an owner's lot, as the attendant tests add, invite, list and remove them (worker/owner/*attendant*.test.ts). */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLogs, notifications, users } from '../db/schema';
import { markEmailVerified } from '../users/users.data';
import { call, db, seedOnce, signedInAccount } from './helpers';
import { openMailbox } from './mailbox';

type Attendant = {
  id: string;
  name: string;
  email: string;
  role: string;
  onShift: boolean;
  shiftStartedAt: string | null;
  emailVerified: boolean;
};
export type Invitation = { id: string; userId: string; email: string; name: string; invitedAt: string };
export type Added = { attendant: Attendant; created: boolean; invitation: Invitation | null };
type MyInvitation = { id: string; lotId: string; lotName: string; invitedBy: string };

export const newLot = async (cookie: string) =>
  (
    await (
      await call('/api/owner/lots', {
        method: 'POST',
        cookie,
        json: { name: 'Rockwell Lot', geoLat: 14.565, geoLng: 121.036, totalSlots: 2 },
      })
    ).json<{ id: string }>()
  ).id;
export const attendantsPath = (lotId: string) => `/api/owner/lots/${lotId}/attendants`;
export const listAttendants = async (cookie: string, lotId: string) => (await call(attendantsPath(lotId), { cookie })).json<Attendant[]>();
export const add = (cookie: string, lotId: string, json: Record<string, unknown>) =>
  call(attendantsPath(lotId), { method: 'POST', cookie, json });
export const remove = (cookie: string, lotId: string, userId: string) =>
  call(`${attendantsPath(lotId)}/${userId}`, { method: 'DELETE', cookie });
export const acceptLink = (json: Record<string, unknown>) => call('/api/auth/accept-invitation', { method: 'POST', json });
export const invitationsOf = async (cookie: string, lotId: string) =>
  (await call(`/api/owner/lots/${lotId}/invitations`, { cookie })).json<Invitation[]>();
export const myInvitations = async (cookie: string) => (await call('/api/invitations', { cookie })).json<MyInvitation[]>();
export const answer = (cookie: string, id: string, verb: 'accept' | 'decline') =>
  call(`/api/invitations/${id}/${verb}`, { method: 'POST', cookie });
export const withdraw = (cookie: string, lotId: string, id: string) =>
  call(`/api/owner/lots/${lotId}/invitations/${id}`, { method: 'DELETE', cookie });
/** A driver with a session whose address is verified, as an address must be to accept an invitation. */
export const verifiedDriver = () => signedInAccount('parking_user', { emailVerifiedAt: new Date().toISOString() });

/** Invites an existing account and has it accept, its address verified first: the only way it comes to work a lot's gate. */
export async function hire(ownerCookie: string, lotId: string, invitee: { email: string; cookie: string }) {
  const res = await add(ownerCookie, lotId, { email: invitee.email });
  expect(res.status).toBe(201);
  const { invitation } = await res.json<Added>();
  await markEmailVerified(db(), invitee.email.toLowerCase(), Date.now());
  expect((await answer(invitee.cookie, invitation!.id, 'accept')).status).toBe(200);
}
export const notesOf = async (userId: string) =>
  (
    await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'GATE_INVITATION')))
  ).map((note) => note.title);
export const roleOf = async (userId: string) => (await db().select({ role: users.role }).from(users).where(eq(users.id, userId)))[0].role;
export const roleChanges = async (userId: string) =>
  (
    await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.subject, `user:${userId}`), eq(auditLogs.action, 'ROLE_CHANGE')))
  ).map((row) => JSON.parse(row.contextJson));
export const signIn = (email: string, password: string) => call('/api/auth/login', { method: 'POST', json: { email, password } });
export const worksAt = async (cookie: string) =>
  (await (await call('/api/attendant/lots', { cookie })).json<{ id: string }[]>()).map((lot) => lot.id);

/** An owner with a lot of their own. */
export async function ownerWithLot() {
  const owner = await signedInAccount('owner_admin');
  return { ...owner, lotId: await newLot(owner.cookie) };
}

/** The demo data, and a mailbox that catches the invitation e-mails. */
export async function seededWithMailbox() {
  openMailbox();
  await seedOnce();
}
