import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lotRules } from '../../core/lot-json';
import { addDays, HOUR_MS, MINUTE_MS, manilaDate, manilaDateStart } from '../../core/time';
import { lots, pricing, slots } from '../db/schema';
import { atTheGate, type Checkin, gateEnter } from '../test/gate-fixtures';
import { call, db } from '../test/helpers';
import { DEMO_LOTS } from './demo-lots';
import { DEMO_ATTENDANT_LOT, motorcycleSlotsOf } from './seed';

let attendant = '';
beforeAll(async () => {
  ({ attendant } = await atTheGate());
});

const lotNamed = async (name: string) => (await db().select().from(lots).where(eq(lots.name, name)))[0];
const slotsOf = (lotId: string) => db().select().from(slots).where(eq(slots.lotId, lotId));

describe('the demo lots', () => {
  it('give each mall a motorcycle area, and take the vehicles they have slots for', async () => {
    for (const demo of DEMO_LOTS) {
      const lot = await lotNamed(demo.name);
      const lotSlots = await slotsOf(lot.id);
      const motorcycles = lotSlots.filter((slot) => slot.vehicleType === 'motorcycle');
      expect(lotSlots.length).toBe(demo.slots);
      expect(motorcycles.length).toBe(demo.kind === 'mall' ? Math.round(demo.slots / 10) : 0);
      expect(motorcycles.every((slot) => slot.label.startsWith('MC-') && !slot.accessible && !slot.evCharging)).toBe(true);
      expect(lotRules(lot).vehicleTypes).toEqual(motorcycleSlotsOf(demo) ? ['car', 'motorcycle'] : ['car']);
    }
  });

  it('put a motorcycle walk-in in the mall’s motorcycle area and a car on a car slot, and search still counts every slot', async () => {
    const lot = await lotNamed(DEMO_ATTENDANT_LOT);
    const enter = async (plate: string, vehicleType: string) =>
      (await (await gateEnter(attendant, { lotId: lot.id, plate, vehicleType })).json<Checkin>()).slot;
    expect(await enter('MC 40001', 'motorcycle')).toMatch(/^MC-\d{3}$/);
    expect(await enter('NCR 4001', 'car')).toMatch(/^B\d-\d{3}$/);
    const found = await (await call('/api/lots?q=Greenbelt&limit=10')).json<{ items: { id: string; availability: { total: number } }[] }>();
    expect(found.items.find((item) => item.id === lot.id)?.availability.total).toBe(
      DEMO_LOTS.find((demo) => demo.name === lot.name)!.slots,
    );
  });

  it('post a mall’s rate card at the malls and park-and-fly at the airport, quoted by the card', async () => {
    for (const demo of DEMO_LOTS) {
      const [row] = await db()
        .select()
        .from(pricing)
        .where(eq(pricing.lotId, (await lotNamed(demo.name)).id));
      expect([row.strategy, row.rateCardJson && JSON.parse(row.rateCardJson)]).toEqual(
        demo.rateCard ? ['RATE_CARD', demo.rateCard] : [demo.progressive ? 'PROGRESSIVE' : 'STATIC', null],
      );
    }
    const tomorrowTen = manilaDateStart(addDays(manilaDate(new Date()), 1)).getTime() + 10 * HOUR_MS;
    const quoted = async (name: string, minutes: number, vehicleType: string) => {
      const [start, end] = [tomorrowTen, tomorrowTen + minutes * MINUTE_MS].map((ms) => encodeURIComponent(new Date(ms).toISOString()));
      const { id } = await lotNamed(name);
      const res = await call(`/api/lots/${id}/quote?start=${start}&end=${end}&vehicleType=${vehicleType}`);
      expect(res.status).toBe(200);
      return res.json<{ totalCents: number; lines: { label: string; cents: number }[] }>();
    };
    expect(await quoted(DEMO_ATTENDANT_LOT, 250, 'car')).toMatchObject({
      totalCents: 9000,
      lines: [
        { label: 'first 3 h', cents: 5000 },
        { label: '2 h succeeding', cents: 4000 },
      ],
    });
    expect((await quoted(DEMO_ATTENDANT_LOT, 5 * 60, 'motorcycle')).totalCents).toBe(4000);
    expect((await quoted(DEMO_ATTENDANT_LOT, 10, 'car')).totalCents).toBe(0);
    // Park-and-fly: three days at the airport pay three daily maximums.
    expect((await quoted('NAIA Terminal 3 Parking', 3 * 24 * 60, 'car')).totalCents).toBe(3 * 90_000);
  });
});
