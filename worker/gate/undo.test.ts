/** Undoing a check-in made by mistake (undo.service.ts). */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../db/schema';
import { makeLot, reservationRow } from '../test/booking-fixtures';
import { atTheGate, gateEnter, reservedCar, type Checkin } from '../test/gate-fixtures';
import { call, db, key } from '../test/helpers';

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
