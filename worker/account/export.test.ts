/** "Download my data" names no one else (docs/privacy.md, Download my data): others by role, only the person's own plates. */
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../core/roles';
import { auditStatement, type AuditEntry } from '../audit/audit.data';
import { commit } from '../db/client';
import { newId } from '../db/ids';
import { checkins, gateRefunds, reservations, users } from '../db/schema';
import { addVehicle, newDriver } from '../test/account-fixtures';
import { call, db, signedInAccount } from '../test/helpers';
import { rawLot } from '../test/raw-records';

type Rows = Record<string, unknown>[];

/** The person's download: its tables, and every file's text together. */
async function downloadOf(cookie: string) {
  const res = await call('/api/account/export', { cookie });
  expect(res.status).toBe(200);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const data = JSON.parse(strFromU8(files['parkada-data.json'])) as Record<string, Rows>;
  return {
    data,
    everything: Object.values(files)
      .map((file) => strFromU8(file))
      .join('\n'),
  };
}

/** A staff account of this role with a name of its own. */
async function staff(role: Role, firstName: string, lastName: string) {
  const { user, cookie } = await signedInAccount(role);
  const [named] = await db().update(users).set({ firstName, lastName }).where(eq(users.id, user.id)).returning();
  return { user: named, cookie };
}

const audit = (actor: typeof users.$inferSelect, entry: AuditEntry) => commit(db(), [auditStatement(db(), actor, entry)]);

/**
 * A driver whose booking an attendant let another car in on (an override at the gate, the camera's read
 * kept), and whom a super admin suspended and refunded at the gate.
 */
async function driverStaffActedOn() {
  const { lotId } = await rawLot('Export Test Lot', 0);
  const me = await newDriver();
  await db().update(users).set({ firstName: 'Maria', lastName: 'Makiling' }).where(eq(users.id, me.userId));
  await addVehicle(me.cookie, { plate: 'MNE 1111' });
  const attendant = await staff('attendant', 'Arturo', 'Bantay');
  const admin = await staff('super_admin', 'Ada', 'Tagapamahala');
  const reservationId = newId();
  const entryTs = new Date(Date.now() - 3 * 3600_000).toISOString();
  await db().insert(reservations).values({
    id: reservationId,
    userId: me.userId,
    lotId,
    vehiclePlate: 'MNE 1111',
    status: 'COMPLETED',
    startTs: entryTs,
    endTs: new Date().toISOString(),
    amountCents: 8000,
  });
  const checkinId = newId();
  await db().insert(checkins).values({
    id: checkinId,
    lotId,
    reservationId,
    attendantId: attendant.user.id,
    plate: 'OTH 2222',
    plateReadText: 'OTH 2222',
    override: true,
    overrideReason: 'customer_service',
    entryTs,
  });
  await audit(attendant.user, {
    action: 'OVERRIDE_ENTRY',
    subject: `checkin:${checkinId}`,
    context: { lotId, plate: 'OTH 2222', bookedPlate: 'MNE 1111', reason: 'customer_service', reservationId, entryTs },
  });
  await audit(admin.user, {
    action: 'SUSPEND_USER',
    subject: `user:${me.userId}`,
    context: { email: me.body.email, role: 'parking_user', reason: 'Asked by Maria Makiling' },
  });
  await db()
    .insert(gateRefunds)
    .values({ id: newId(), checkinId, amountCents: 5000, method: 'cash', reason: 'Barrier fault', refundedBy: admin.user.id });
  return { me, attendant, admin };
}

describe('Download my data, about others', () => {
  it('gives the attendant and the super admin who acted on the person by role only, and another car’s plate masked', async () => {
    const { me, attendant, admin } = await driverStaffActedOn();
    const { data, everything } = await downloadOf(me.cookie);
    for (const { user } of [attendant, admin])
      for (const theirs of [user.id, user.email, user.firstName, user.lastName]) expect(everything).not.toContain(theirs);
    expect(everything).not.toMatch(/OTH ?2222/);

    expect(data.checkins).toMatchObject([{ attendantId: 'Attendant', plate: 'OTH ••22', plateReadText: 'OTH ••22' }]);
    expect(data.gate_refunds).toMatchObject([{ refundedBy: 'Super Admin' }]);
    const entries = Object.fromEntries(data.audit_logs.map((row) => [row.action, row]));
    expect(entries.OVERRIDE_ENTRY).toMatchObject({ actorId: 'Attendant', actor: 'Attendant' });
    expect(JSON.parse(entries.OVERRIDE_ENTRY.contextJson as string)).toMatchObject({ plate: 'OTH ••22', bookedPlate: 'MNE 1111' });
    expect(entries.SUSPEND_USER).toMatchObject({ actorId: 'Super Admin', actor: 'Super Admin', subject: `user:${me.userId}` });
    // What is the person's own stays whole: their address, their name and their plate.
    expect(JSON.parse(entries.SUSPEND_USER.contextJson as string)).toMatchObject({
      email: me.body.email,
      reason: 'Asked by Maria Makiling',
    });
    expect(data.vehicles).toMatchObject([{ plate: 'MNE 1111' }]);
  });

  it('gives a staff member the people they acted on by role only, and none of their plates', async () => {
    const { me, attendant, admin } = await driverStaffActedOn();
    for (const { cookie } of [attendant, admin]) {
      const { data, everything } = await downloadOf(cookie);
      for (const mine of [me.userId, me.body.email, 'Maria', 'Makiling']) expect(everything).not.toContain(mine);
      expect(everything).not.toMatch(/OTH ?2222|MNE ?1111/);
      expect(data.audit_logs.length).toBeGreaterThan(0);
    }
    const { data } = await downloadOf(admin.cookie);
    const suspension = data.audit_logs.find((row) => row.action === 'SUSPEND_USER')!;
    expect(suspension.subject).toBe('user:Driver');
    expect(JSON.parse(suspension.contextJson as string)).toMatchObject({ email: 'Driver', reason: 'Asked by Driver' });
  });
});
