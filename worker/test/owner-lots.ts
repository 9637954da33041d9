/** An owner's lots as the owner tests make and read them (worker/owner/owner-lots*.test.ts). */
import { and, eq } from 'drizzle-orm';
import { lots, slots, users } from '../db/schema';
import { createAccount } from '../users/users.data';
import { call, db, signedInAs, signupBody } from './helpers';

export type OwnerLot = {
  id: string;
  name: string;
  isApproved: boolean;
  hoursJson: string;
  rulesJson: string;
  totalSlots: number;
  accessibleSlots: number;
  evChargingSlots: number;
  levels: string[];
  occupancy: { occupied: number; total: number };
};

/** A second owner_admin of their own, with a session. */
export async function newOwner() {
  const { password: _, mobile: phone, role: _role, ...fields } = signupBody();
  const user = await createAccount(db(), { ...fields, phone, passwordHash: 'x', signupRole: 'space_owner' });
  await db().update(users).set({ role: 'owner_admin' }).where(eq(users.id, user.id));
  return { user, cookie: await signedInAs(user.id) };
}

export const lotBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Salcedo Village Lot',
  address: 'Tordesillas St, Makati',
  geoLat: 14.5606,
  geoLng: 121.0227,
  totalSlots: 3,
  ...overrides,
});
export const createLot = (cookie: string, body: Record<string, unknown>) => call('/api/owner/lots', { method: 'POST', cookie, json: body });
export const editLot = (cookie: string, id: string, json: unknown) => call(`/api/owner/lots/${id}`, { method: 'PATCH', cookie, json });
export const labelsOf = async (lotId: string, active = true) =>
  (
    await db()
      .select({ label: slots.label })
      .from(slots)
      .where(and(eq(slots.lotId, lotId), eq(slots.active, active)))
  )
    .map((s) => s.label)
    .sort();
export const ownerLotCount = async (ownerId: string) => (await db().select().from(lots).where(eq(lots.ownerId, ownerId))).length;
