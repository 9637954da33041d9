import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, cookieFor, seedOnce } from '../test/helpers';
import { demoHistorySql } from './demo-history';
import { demoLotIssuesSql } from './demo-lot-issues';
import { demoReviewsSql } from './demo-reviews';
import { DEMO_ACCOUNTS, DEMO_ATTENDANT_LOT } from './seed';

const all = async <T>(query: string) => (await env.DB.prepare(query).all<T>()).results;

beforeAll(async () => {
  await seedOnce();
  for (const statement of [...demoHistorySql(new Date(), 7), ...demoReviewsSql(), ...demoLotIssuesSql()])
    await env.DB.prepare(statement).run();
});

describe('the demo reviews', () => {
  it('rate completed stays of the demo customers, never the demo driver’s, and the lots’ ratings count them', async () => {
    const reviews = await all<{ status: string; email: string; rating: number; lotId: string }>(
      `SELECT r.status, u.email, v.rating, v.lot_id AS lotId FROM reviews v JOIN reservations r ON r.id = v.reservation_id JOIN users u ON u.id = v.user_id`,
    );
    expect(reviews.length).toBeGreaterThan(10);
    expect(new Set(reviews.map((review) => review.status))).toEqual(new Set(['COMPLETED']));
    expect(reviews.map((review) => review.email)).not.toContain(DEMO_ACCOUNTS[0].email);
    const lots = new Set(reviews.map((review) => review.lotId));
    const [lotId] = lots;
    const summary = await (await call(`/api/lots/${lotId}/reviews`)).json<{ count: number; items: unknown[] }>();
    expect(summary.count).toBe(reviews.filter((review) => review.lotId === lotId).length);
    expect(summary.items.length).toBeGreaterThan(0);
  });

  it('have owner replies, and one review at the attendant’s lot reported by the demo driver', async () => {
    expect((await all(`SELECT id FROM reviews WHERE reply_text IS NOT NULL`)).length).toBeGreaterThan(0);
    const admin = await cookieFor('super_admin');
    const reported = await (await call('/api/admin/reviews/reported', { cookie: admin })).json<{ items: { lotName: string }[] }>();
    expect(reported.items.map((item) => item.lotName)).toEqual([DEMO_ATTENDANT_LOT]);
  });
});

describe('the demo drivers’ reports', () => {
  it('are at the attendant’s lot, one of each status, the answered ones with the staff’s reply in their thread', async () => {
    const [{ id: lotId }] = await all<{ id: string }>(`SELECT id FROM lots WHERE name = '${DEMO_ATTENDANT_LOT}'`);
    const reports = await (
      await call(`/api/attendant/lot-issues?lotId=${lotId}&status=all`, { cookie: await cookieFor('attendant') })
    ).json<{ id: string; status: string }[]>();
    expect(reports.map((report) => report.status).sort()).toEqual(['acknowledged', 'open', 'resolved']);
    const driver = await cookieFor('parking_user');
    const [mine] = await (await call('/api/lot-issues', { cookie: driver })).json<{ id: string }[]>();
    const thread = await (await call(`/api/lot-issues/${mine.id}`, { cookie: driver })).json<{
      status: string;
      messages: { fromStaff: boolean }[];
    }>();
    expect(thread).toMatchObject({ status: 'acknowledged', messages: [{ fromStaff: true }] });
  });
});
