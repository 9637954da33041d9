import { beforeAll, describe, expect, it } from 'vitest';
import { driver, inMinutes, makeLot, reserve } from '../test/booking-fixtures';
import { call, seedOnce } from '../test/helpers';

beforeAll(seedOnce);

describe('lot search with a window and filters', () => {
  it('filters by Open Now at the chosen time, price and accessibility, and sorts by distance', async () => {
    const at3am = encodeURIComponent('2026-12-02T03:00:00+08:00');
    const open = await (await call(`/api/lots?openNow=true&start=${at3am}&durationHours=1`)).json<any[]>();
    expect(open.map((l) => l.name)).toContain('NAIA Terminal 3 Parking');
    expect(open.map((l) => l.name)).not.toContain('Greenbelt 3 Parking');
    const cheap = await (await call('/api/lots?maxPriceCents=10000')).json<any[]>();
    expect(cheap.map((l) => l.name)).not.toContain('NAIA Terminal 3 Parking');
    const near = await (await call('/api/lots?near=14.5352,120.9822&radiusKm=3')).json<any[]>();
    expect(near[0].name).toBe('SM Mall of Asia North Parking');
    expect(near.every((l) => l.distanceKm <= 3)).toBe(true);
    expect((await call('/api/lots?near=manila')).status).toBe(400);
  });

  it('says why a window cannot be booked at a lot, in the booking rules\' words', async () => {
    const at3am = encodeURIComponent('2026-12-02T03:00:00+08:00');
    const all = await (await call(`/api/lots?start=${at3am}&durationHours=2`)).json<any[]>();
    const byName = (name: string) => all.find((l) => l.name === name).availability.problem;
    expect(byName('Greenbelt 3 Parking')).toMatch(/^This lot is open \d\d:\d\d–\d\d:\d\d on Wednesday; choose a time inside its hours\.$/);
    expect(byName('NAIA Terminal 3 Parking')).toBeNull();
  });

  it('prices the window and counts bookings in it', async () => {
    const lotId = await makeLot(2, { progressive: true });
    const { cookie } = await driver(1_000);
    const start = inMinutes(180);
    await reserve(cookie, { lotId, start, durationHours: 4 });
    const lot = await (await call(`/api/lots/${lotId}?start=${encodeURIComponent(start)}&durationHours=4`)).json<any>();
    expect(lot.availability).toMatchObject({ total: 2, free: 1, reserved: 1, quote: { hours: 4, totalCents: 14_400 } });
  });
});
