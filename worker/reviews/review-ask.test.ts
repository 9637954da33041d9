/** After a stay: the check-out notice asks for its review, once, and the stay it names can be reviewed. */
import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_ASK } from '../../core/reviews';
import { makeLot } from '../test/booking-fixtures';
import { atTheGate, gateEnter, gateExit, reservedCar, type Checkin } from '../test/gate-fixtures';
import { call } from '../test/helpers';

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
});

type Note = { type: string; message: string; metadata?: Record<string, string> };

describe('the end of a stay', () => {
  it('asks the driver, once, to rate the stay it completed, which they then can', async () => {
    const lotId = await makeLot(1);
    const { cookie, booking, token } = await reservedCar(lotId);
    expect((await call(`/api/reservations/${booking.id}/review`, { method: 'POST', cookie, json: { rating: 5 } })).status).toBe(409);
    const checkin = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).json<Checkin>();
    expect((await gateExit(owner, checkin.id, { lotId, plate: 'NAB 1234' })).status).toBe(200);

    const notes = await (await call('/api/notifications?filter=all', { cookie })).json<{ items: Note[] }>();
    const asking = notes.items.filter((note) => note.message.includes(REVIEW_ASK));
    expect(asking).toMatchObject([{ type: 'CHECKED_OUT', metadata: { reviewReservationId: booking.id } }]);
    expect((await call(`/api/reservations/${booking.id}/review`, { method: 'POST', cookie, json: { rating: 5 } })).status).toBe(201);
  });
});
