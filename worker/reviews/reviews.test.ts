import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../db/ids';
import {
  attendantAssignments,
  auditLogs,
  checkins,
  lotRatings,
  lots,
  monthlyPasses,
  passProducts,
  reservations,
  reviews,
} from '../db/schema';
import { moveStays } from '../gate/stay-move.service';
import { driver, makeLot } from '../test/booking-fixtures';
import { call, cookieFor, db, messageOf, seedOnce } from '../test/helpers';
import type { ReservationStatus } from '../../core/booking';

const HOUR = 3600_000;

beforeAll(seedOnce);

/** A stay of the driver's at the lot, ended two hours ago, in the given state. */
async function stay(userId: string, lotId: string, status: ReservationStatus = 'COMPLETED') {
  const id = newId();
  const start = Date.now() - 4 * HOUR;
  await db()
    .insert(reservations)
    .values({
      id,
      userId,
      lotId,
      status,
      vehiclePlate: 'REV 1234',
      startTs: new Date(start).toISOString(),
      endTs: new Date(start + 2 * HOUR).toISOString(),
      amountCents: 8000,
    });
  return id;
}

const review = (cookie: string, id: string, json: unknown, method = 'POST') =>
  call(`/api/reservations/${id}/review`, { method, cookie, json });

type Summary = {
  average: number | null;
  count: number;
  distribution: Record<string, number>;
  items: { id: string; rating: number; text: string | null; reviewer: string; reply: { text: string | null } }[];
  nextCursor: string | null;
};
const lotReviews = async (lotId: string, query = '') => (await call(`/api/lots/${lotId}/reviews${query}`)).json<Summary>();

/** A lot with a driver who stayed there (COMPLETED), and the reservation. */
async function reviewedLot() {
  const lotId = await makeLot(2);
  const { user, cookie } = await driver(0);
  return { lotId, user, cookie, reservationId: await stay(user.id, lotId) };
}

describe('who may review', () => {
  it('the driver of a completed stay, once: the lot’s rating and list show it', async () => {
    const { lotId, cookie, reservationId } = await reviewedLot();
    const res = await review(cookie, reservationId, { rating: 4, text: 'Easy in and out.' });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({ rating: 4, text: 'Easy in and out.', editableUntil: expect.any(String) });
    const summary = await lotReviews(lotId);
    expect(summary).toMatchObject({ average: 4, count: 1, distribution: { 5: 0, 4: 1, 3: 0, 2: 0, 1: 0 }, nextCursor: null });
    expect(summary.items).toMatchObject([{ rating: 4, text: 'Easy in and out.', reviewer: expect.stringMatching(/^\S+ \S\.$/) }]);
    const again = await review(cookie, reservationId, { rating: 1 });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe('You have reviewed this stay already: edit your review instead.');
    expect((await lotReviews(lotId)).count).toBe(1);
  });

  it('takes one of two reviews of the same stay sent at once; the other is a 409, never a 500', async () => {
    const { lotId, cookie, reservationId } = await reviewedLot();
    const statuses = await Promise.all([5, 1].map(async (rating) => (await review(cookie, reservationId, { rating })).status));
    expect(statuses.sort()).toEqual([201, 409]);
    expect(await lotReviews(lotId)).toMatchObject({ count: 1 });
  });

  it('refuses, changing nothing: no such stay, another’s, not completed, a bad rating', async () => {
    const { lotId, user, cookie, reservationId } = await reviewedLot();
    const other = await driver(0);
    const cases: [string, string, unknown, number, string][] = [
      ['no such stay', newId(), { rating: 5 }, 404, 'Reservation not found'],
      ['another person’s stay', reservationId, { rating: 5 }, 404, 'Reservation not found'],
      [
        'a stay not completed',
        await stay(user.id, lotId, 'CONFIRMED'),
        { rating: 5 },
        409,
        'You can review a stay once it is completed: after you have checked out.',
      ],
      [
        'a cancelled stay',
        await stay(user.id, lotId, 'CANCELLED'),
        { rating: 5 },
        409,
        'You can review a stay once it is completed: after you have checked out.',
      ],
      ['an empty rating', reservationId, {}, 400, 'Choose a rating from 1 to 5 stars.'],
      ['a rating of 0', reservationId, { rating: 0 }, 400, 'Choose a rating from 1 to 5 stars.'],
      ['a rating of 6', reservationId, { rating: 6 }, 400, 'Choose a rating from 1 to 5 stars.'],
      ['a text too long', reservationId, { rating: 5, text: 'x'.repeat(1001) }, 400, 'A review has at most 1,000 characters.'],
    ];
    for (const [what, id, json, status, message] of cases) {
      const res = await review(what === 'another person’s stay' ? other.cookie : cookie, id, json);
      expect(res.status, what).toBe(status);
      expect(await messageOf(res), what).toBe(message);
    }
    expect(await db().select().from(reviews).where(eq(reviews.lotId, lotId))).toEqual([]);
    expect((await lotReviews(lotId)).count).toBe(0);
  });

  it('refuses the lot’s owner and its attendants (403), even of their own completed stay, writing nothing', async () => {
    const lotId = await makeLot(1);
    const [{ ownerId }] = await db().select({ ownerId: lots.ownerId }).from(lots).where(eq(lots.id, lotId));
    const attendant = await driver(0);
    await db().insert(attendantAssignments).values({ id: newId(), attendantId: attendant.user.id, lotId });
    for (const [who, userId, cookie] of [
      ['owner', ownerId, await cookieFor('owner_admin')],
      ['attendant', attendant.user.id, attendant.cookie],
    ]) {
      const res = await review(cookie, await stay(userId, lotId), { rating: 5 });
      expect(res.status, who).toBe(403);
      expect(await messageOf(res), who).toMatch(/^You own or work at Test Lot .+: its staff cannot review it\./);
    }
    expect(await db().select().from(reviews).where(eq(reviews.lotId, lotId))).toEqual([]);
  });

  it('a monthly pass period that has ended with a stay in it; not one still running or with no stay', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(0);
    const pass = async (validUntil: number, plate: string) => {
      const productId = newId();
      const hours = { daysMask: 127, openMinute: 0, closeMinute: 1440 };
      await db()
        .insert(passProducts)
        .values({ id: productId, lotId, name: 'Office Pass', priceCents: 350_000, quantity: 5, ...hours });
      const id = newId();
      await db()
        .insert(monthlyPasses)
        .values({
          id,
          productId,
          lotId,
          userId: user.id,
          plate,
          periodKind: 'month',
          validFrom: new Date(validUntil - 30 * 24 * HOUR).toISOString(),
          validUntil: new Date(validUntil).toISOString(),
          amountCents: 350_000,
          ...hours,
        });
      return id;
    };
    const ended = await pass(Date.now() - HOUR, 'PAS 1001');
    const running = await pass(Date.now() + 24 * HOUR, 'PAS 1002');
    const unused = await pass(Date.now() - 2 * HOUR, 'PAS 1003');
    for (const [id, plate] of [
      [ended, 'PAS 1001'],
      [running, 'PAS 1002'],
    ])
      await db()
        .insert(checkins)
        .values({
          id: newId(),
          lotId,
          plate,
          entryTs: new Date(Date.now() - 3 * HOUR).toISOString(),
          exitTs: new Date(Date.now() - 2 * HOUR).toISOString(),
          walkIn: true,
          monthlyPassId: id,
        });
    // Their stays moved into the lot's object since (docs/gate.md, Where a stay lives): they count all the same.
    expect(await moveStays(env, db(), lotId, Date.now() + 3 * 24 * HOUR)).toBe('done');
    expect(await db().select().from(checkins).where(eq(checkins.lotId, lotId))).toEqual([]);
    const write = (id: string) => call(`/api/monthly-passes/${id}/review`, { method: 'POST', cookie, json: { rating: 5 } });
    expect((await write(running)).status).toBe(409);
    const none = await write(unused);
    expect(none.status).toBe(409);
    expect(await messageOf(none)).toBe('This pass period had no stay: there is nothing to review.');
    expect((await write(ended)).status).toBe(201);
    expect((await write(ended)).status).toBe(409);
    expect(await lotReviews(lotId)).toMatchObject({ count: 1, average: 5 });
  });
});

describe('editing', () => {
  it('changes the rating and text within 14 days, and not after', async () => {
    const { lotId, cookie, reservationId } = await reviewedLot();
    expect((await review(cookie, reservationId, { rating: 5, text: 'Great' })).status).toBe(201);
    const edited = await review(cookie, reservationId, { rating: 2 }, 'PATCH');
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ rating: 2, text: null, editedAt: expect.any(String) });
    expect(await lotReviews(lotId)).toMatchObject({ average: 2, distribution: { 5: 0, 2: 1 } });
    const mine = await (await call(`/api/reservations/${reservationId}/review`, { cookie })).json<{ review: { rating: number } }>();
    expect(mine.review.rating).toBe(2);

    const longAgo = new Date(Date.now() - 14 * 24 * HOUR - 1000).toISOString();
    await db().update(reviews).set({ createdAt: longAgo }).where(eq(reviews.reservationId, reservationId));
    const late = await review(cookie, reservationId, { rating: 5 }, 'PATCH');
    expect(late.status).toBe(409);
    expect(await messageOf(late)).toBe('A review can be edited for 14 days; this one can no longer be changed.');
    expect((await lotReviews(lotId)).average).toBe(2);
  });

  it('of a stay not yet reviewed is a 404', async () => {
    const { cookie, reservationId } = await reviewedLot();
    expect((await review(cookie, reservationId, { rating: 3 }, 'PATCH')).status).toBe(404);
  });
});

describe('the lot’s list', () => {
  it('pages newest first, each review once', async () => {
    const lotId = await makeLot(1);
    for (const rating of [1, 2, 3, 4, 5, 5, 4]) {
      const { user, cookie } = await driver(0);
      expect((await review(cookie, await stay(user.id, lotId), { rating })).status).toBe(201);
    }
    const first = await lotReviews(lotId, '?limit=3');
    expect(first).toMatchObject({ count: 7, average: 3.4, distribution: { 5: 2, 4: 2, 3: 1, 2: 1, 1: 1 } });
    expect(first.items.map((item) => item.rating)).toEqual([4, 5, 5]);
    const second = await lotReviews(lotId, `?limit=3&cursor=${first.nextCursor}`);
    const third = await lotReviews(lotId, `?limit=3&cursor=${second.nextCursor}`);
    expect([...second.items, ...third.items].map((item) => item.rating)).toEqual([4, 3, 2, 1]);
    expect(third.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items, ...third.items].map((item) => item.id)).size).toBe(7);
    const [row] = await db().select().from(lotRatings).where(eq(lotRatings.lotId, lotId));
    expect(row).toMatchObject({ stars5: 2, stars4: 2, stars3: 1, stars2: 1, stars1: 1 });
  });

  it('is a 404 for a lot drivers cannot see, and the rating shows in search and on the lot', async () => {
    expect((await call(`/api/lots/${newId()}/reviews`)).status).toBe(404);
    const { lotId, cookie, reservationId } = await reviewedLot();
    await review(cookie, reservationId, { rating: 5 });
    const lot = await (await call(`/api/lots/${lotId}`)).json<{ rating: unknown }>();
    expect(lot.rating).toEqual({ average: 5, count: 1 });
  });
});

type Reported = { items: { id: string; reports: { reason: string }[] }[] };

describe('reply, report, hide and keep', () => {
  it('the lot’s owner replies once and edits it; another owner cannot', async () => {
    const { lotId, cookie, reservationId } = await reviewedLot();
    const { id } = await (await review(cookie, reservationId, { rating: 3, text: 'Tight ramp' })).json<{ id: string }>();
    const owner = await cookieFor('owner_admin');
    const reply = (text: string, method = 'POST', as = owner) =>
      call(`/api/owner/reviews/${id}/reply`, { method, cookie: as, json: { text } });
    expect((await reply('Thank you, we are repainting the ramp.')).status).toBe(200);
    expect((await lotReviews(lotId)).items[0].reply.text).toBe('Thank you, we are repainting the ramp.');
    expect((await reply('The ramp is repainted.', 'PATCH')).status).toBe(200);
    const items = (await lotReviews(lotId)).items;
    expect(items[0].reply).toMatchObject({ text: 'The ramp is repainted.', editedAt: expect.any(String) });
    expect((await reply('  ')).status).toBe(400);
    const { cookie: stranger } = await import('../test/owner-lots').then((m) => m.newOwner());
    expect((await reply('Not mine', 'POST', stranger)).status).toBe(404);
    const audit = await db().select().from(auditLogs).where(eq(auditLogs.subject, id));
    expect(audit.map((row) => row.action)).toEqual(['REPLY_REVIEW', 'REPLY_REVIEW']);
  });

  it('anyone signed in reports once; hiding leaves the review out of the rating, keeping puts it back; audited', async () => {
    const { lotId, cookie, reservationId } = await reviewedLot();
    const other = await driver(0);
    expect((await review(other.cookie, await stay(other.user.id, lotId), { rating: 5 })).status).toBe(201);
    const { id } = await (await review(cookie, reservationId, { rating: 1, text: 'Rude words' })).json<{ id: string }>();
    const report = (as: string) => call(`/api/reviews/${id}/report`, { method: 'POST', cookie: as, json: { reason: 'Offensive' } });
    expect((await report(other.cookie)).status).toBe(201);
    const twice = await report(other.cookie);
    expect(twice.status).toBe(409);
    expect((await report(cookie)).status).toBe(409);
    expect((await call(`/api/reviews/${id}/report`, { method: 'POST', json: { reason: 'x' } })).status).toBe(401);

    const admin = await cookieFor('super_admin');
    const reported = await (await call('/api/admin/reviews/reported?limit=100', { cookie: admin })).json<Reported>();
    expect(reported.items.find((item) => item.id === id)?.reports).toEqual([expect.objectContaining({ reason: 'Offensive' })]);

    const decide = (what: 'hide' | 'keep', json: unknown = { reason: 'Insults staff' }) =>
      call(`/api/admin/reviews/${id}/${what}`, { method: 'POST', cookie: admin, json });
    expect((await decide('hide', {})).status).toBe(400);
    expect(await lotReviews(lotId)).toMatchObject({ count: 2, average: 3 });
    expect((await decide('hide')).status).toBe(200);
    const hidden = await lotReviews(lotId);
    expect(hidden).toMatchObject({ count: 1, average: 5, distribution: { 1: 0, 5: 1 } });
    expect(hidden.items.map((item) => item.id)).not.toContain(id);
    const after = await (await call('/api/admin/reviews/reported?limit=100', { cookie: admin })).json<Reported>();
    expect(after.items.map((item) => item.id)).not.toContain(id);
    expect((await report(await cookieFor('parking_user'))).status).toBe(404);

    expect((await decide('keep', { reason: 'Reviewed again: fair' })).status).toBe(200);
    expect(await lotReviews(lotId)).toMatchObject({ count: 2, average: 3 });
    const audit = await db().select().from(auditLogs).where(eq(auditLogs.subject, id));
    expect(audit.map((row) => [row.action, JSON.parse(row.contextJson).reason])).toEqual([
      ['HIDE_REVIEW', 'Insults staff'],
      ['KEEP_REVIEW', 'Reviewed again: fair'],
    ]);
    expect((await call(`/api/admin/reviews/${newId()}/hide`, { method: 'POST', cookie: admin, json: { reason: 'x' } })).status).toBe(404);
  });
});
