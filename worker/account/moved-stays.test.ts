/** The data export and erasure reach the stays moved out of D1 into their lots' objects (docs/gate.md, "Where a stay lives"). */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { auditStatement } from '../audit/audit.data';
import { commit } from '../db/client';
import { newId } from '../db/ids';
import { auditLogs, checkins, reservations } from '../db/schema';
import { moveStays } from '../gate/stay-move.service';
import { lotObject } from '../lot-object/stub';
import { addVehicle, newDriver } from '../test/account-fixtures';
import { call, db, signedInAccount } from '../test/helpers';
import { rawLot } from '../test/raw-records';
import { closedStay } from '../test/stays';

const DAY = 86_400_000;

/** A driver whose stay of three days ago (an attendant's override, audited) has moved into the lot's object. */
async function driverWithMovedStay() {
  const { lotId } = await rawLot('Moved Stays Lot', 0);
  const me = await newDriver();
  await addVehicle(me.cookie, { plate: 'MOV 4321' });
  const { user: attendant } = await signedInAccount('attendant');
  const reservationId = newId();
  const [entryTs, exitTs] = [new Date(Date.now() - 3 * DAY - 7_200_000).toISOString(), new Date(Date.now() - 3 * DAY).toISOString()];
  await db().insert(reservations).values({
    id: reservationId,
    userId: me.userId,
    lotId,
    vehiclePlate: 'MOV 4321',
    status: 'COMPLETED',
    startTs: entryTs,
    endTs: exitTs,
    amountCents: 8000,
  });
  const stay = closedStay(newId(), {
    lotId,
    reservationId,
    attendantId: attendant.id,
    plate: 'MOV 4321',
    plateReadText: 'MOV 4321',
    override: true,
    overrideReason: 'customer_service',
    entryTs,
    exitTs,
  });
  await db().insert(checkins).values(stay);
  await commit(db(), [
    auditStatement(db(), attendant, {
      action: 'OVERRIDE_ENTRY',
      subject: `checkin:${stay.id}`,
      context: { lotId, plate: 'MOV 4321', reason: 'customer_service' },
    }),
  ]);
  await moveStays(env, db(), lotId);
  expect(await db().select().from(checkins).where(eq(checkins.id, stay.id))).toEqual([]);
  return { me, stay, lot: lotObject(env, lotId), reservationId };
}

describe('stays moved into their lot object', () => {
  it('are in the person’s data export, with the audit entries about them', async () => {
    const { me, stay } = await driverWithMovedStay();
    const res = await call('/api/account/export', { cookie: me.cookie });
    expect(res.status).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(await res.arrayBuffer()))['parkada-data.json'])) as Record<
      string,
      Record<string, unknown>[]
    >;
    expect(data.checkins).toMatchObject([{ id: stay.id, plate: 'MOV 4321', exitTs: stay.exitTs, attendantId: 'Attendant' }]);
    expect(data.audit_logs).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'OVERRIDE_ENTRY', subject: `checkin:${stay.id}` })]),
    );
  });

  it('have their plates masked in the object by the erasure, and the audit entries about them erased', async () => {
    const { me, stay, lot, reservationId } = await driverWithMovedStay();
    const res = await call('/api/account', { method: 'DELETE', cookie: me.cookie, json: { password: me.body.password } });
    expect(res.status).toBe(204);
    expect(await lot.staysOf({ reservationIds: [reservationId] })).toMatchObject([
      { id: stay.id, plate: 'MOV ••21', plateReadText: 'MOV ••21' },
    ]);
    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.subject, `checkin:${stay.id}`));
    expect(entry.contextJson).not.toContain('MOV 4321');
  });
});
