/** The owner's figures of what the booking flow itself records, beside those of the hand-built history (figures.test.ts). */
import { beforeAll, describe, expect, it } from 'vitest';
import { manilaDate } from '../../core/time';
import { cancelBooking, driver, inMinutes, makeLot, reserve } from '../test/booking-fixtures';
import { call, cookieFor, seedOnce } from '../test/helpers';

beforeAll(seedOnce);

describe('money the booking flow records', () => {
  it("counts a booking and its refund at the booking's lot", async () => {
    const lotId = await makeLot(2);
    const { cookie } = await driver();
    const kept = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 2 })).json<{
      id: string;
      amountCents: number;
    }>();
    const dropped = await (await reserve(cookie, { lotId, start: inMinutes(300), durationHours: 1 })).json<{
      id: string;
      amountCents: number;
    }>();
    expect((await cancelBooking(cookie, dropped.id)).status).toBe(200);
    const today = manilaDate(Date.now());
    const res = await call(`/api/owner/reports?lotId=${lotId}&from=${today}&to=${today}`, { cookie: await cookieFor('owner_admin') });
    const body = await res.json<{ kpis: { totalRevenue: number }; revenue: { breakdown: { source: string; amount: number }[] } }>();
    // Two bookings charged, the second refunded in full (cancelled hours ahead).
    expect(body.kpis.totalRevenue).toBe(kept.amountCents);
    expect(body.revenue.breakdown.filter((line) => line.amount !== 0)).toEqual([
      { source: 'reservations', label: 'Reservations', amount: kept.amountCents + dropped.amountCents },
      { source: 'refunds', label: 'Refunds', amount: -dropped.amountCents },
    ]);
  });
});
