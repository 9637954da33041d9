import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lotRules } from '../../core/lot-json';
import { lots, slots } from '../db/schema';
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
});
