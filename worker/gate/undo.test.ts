/** Undoing a check-in made by mistake (undo.service.ts). */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../db/schema';
import { makeLot, reservationRow } from '../test/booking-fixtures';
import { atTheGate, gateEnter, gateExit, reservedCar, walkIn, type Checkin } from '../test/gate-fixtures';
import { call, db, key, messageOf } from '../test/helpers';

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
});

describe('undo', () => {
  it('undoes a check-in within 5 minutes (audited) and puts the reservation back', async () => {
    const lotId = await makeLot(1);
    const { booking, token } = await reservedCar(lotId);
    const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).json<Checkin>();
    const res = await call(`/api/checkins/${id}/undo`, { method: 'POST', cookie: owner, json: { lotId }, headers: key() });
    expect(res.status).toBe(200);
    expect((await reservationRow(booking.id)).status).toBe('CONFIRMED');
    expect(
      await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'UNDO_CHECKIN'), eq(auditLogs.subject, `checkin:${id}`))),
    ).toHaveLength(1);
    // The pass works again.
    expect((await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).status).toBe(201);
  });
});

describe('undo of a walk-in, and when undo is too late', () => {
  const undo = (lotId: string, checkinId: string) =>
    call(`/api/checkins/${checkinId}/undo`, { method: 'POST', cookie: owner, json: { lotId }, headers: key() });
  const TOO_LATE = 'A check-in can be undone only within 5 minutes of the entry, before the car leaves.';

  it("frees a walk-in's slot for the next car", async () => {
    const lotId = await makeLot(1);
    const { id } = await (await gateEnter(owner, { lotId, plate: 'UND 100' })).json<Checkin>();
    expect(await messageOf(await gateEnter(owner, { lotId, plate: 'UND 101' }))).toBe('Lot is full');
    expect(await (await undo(lotId, id)).json()).toMatchObject({ id, exitTs: null });
    expect((await gateEnter(owner, { lotId, plate: 'UND 101' })).status).toBe(201);
  });

  it('refuses an undo more than 5 minutes after the entry, after the exit, or a second time, and at another lot', async () => {
    const lotId = await makeLot(3);
    const old = await walkIn(lotId, 'UND 200', 6);
    const late = await undo(lotId, old.id);
    expect(late.status).toBe(409);
    expect(await messageOf(late)).toBe(TOO_LATE);
    const left = await (await gateEnter(owner, { lotId, plate: 'UND 201' })).json<Checkin>();
    expect((await gateExit(owner, left.id, { lotId, plate: 'UND 201' })).status).toBe(200);
    expect(await messageOf(await undo(lotId, left.id))).toBe(TOO_LATE);
    const twice = await (await gateEnter(owner, { lotId, plate: 'UND 202' })).json<Checkin>();
    expect((await undo(lotId, twice.id)).status).toBe(200);
    expect(await messageOf(await undo(lotId, twice.id))).toBe(TOO_LATE);
    const elsewhere = await undo(await makeLot(1), twice.id);
    expect(elsewhere.status).toBe(404);
    expect(await messageOf(elsewhere)).toBe('No such check-in at this lot.');
  });
});
