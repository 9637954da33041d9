import { describe, expect, it } from 'vitest';
import { entranceOf } from './geo';
import { lotCreateSchema, lotUpdateSchema, slotPlan } from './lot-form';
import { progressiveTiersSchema } from './pricing-request';

describe('slotPlan', () => {
  it('spreads slots over the levels, the first levels taking the remainder, numbered per level', () => {
    const plan = slotPlan({ totalSlots: 7, accessibleSlots: 2, evChargingSlots: 1, levels: ['B1', 'B2', 'G'] });
    expect(plan.map((slot) => slot.label)).toEqual(['B1-001', 'B1-002', 'B1-003', 'B2-001', 'B2-002', 'G-001', 'G-002']);
    expect(plan.filter((slot) => slot.accessible).map((slot) => slot.label)).toEqual(['B1-001', 'B1-002']);
    expect(plan.filter((slot) => slot.evCharging).map((slot) => slot.label)).toEqual(['G-002']);
  });

  it('labels a lot without levels P-001…, and B1-014 is the 14th slot of B1', () => {
    expect(slotPlan({ totalSlots: 2, accessibleSlots: 0, evChargingSlots: 0 }).map((slot) => slot.label)).toEqual(['P-001', 'P-002']);
    expect(slotPlan({ totalSlots: 20, accessibleSlots: 0, evChargingSlots: 0, levels: ['B1'] })[13].label).toBe('B1-014');
  });
});

describe('lot form schemas', () => {
  it('fills the form defaults on create', () => {
    const lot = lotCreateSchema.parse({ name: 'Lot', geoLat: 14.5, geoLng: 121, totalSlots: 3 });
    expect(lot).toMatchObject({ accessibleSlots: 0, evChargingSlots: 0, rulesJson: { maxDuration: 8, allowOvernight: false } });
    expect(Object.values(lot.hoursJson)).toHaveLength(7);
    expect(lot.hoursJson.monday).toEqual({ open: '06:00', close: '22:00' });
  });

  it('adds nothing to an edit that does not send it', () => {
    expect(lotUpdateSchema.parse({ name: 'New name' })).toEqual({ name: 'New name' });
  });
});

describe('the entrance', () => {
  // Greenbelt 3's pin, and a gate about 220 m east of it.
  const pin = { name: 'Lot', geoLat: 14.5526, geoLng: 121.0211, totalSlots: 3 };
  const gate = { entranceLat: 14.5526, entranceLng: 121.0231 };
  const problem = (body: Record<string, unknown>, schema: typeof lotCreateSchema | typeof lotUpdateSchema = lotCreateSchema) =>
    schema.safeParse(body).error?.issues[0]?.message;

  it('is the pin unless the owner sets one: none is null on create', () => {
    expect(lotCreateSchema.parse(pin)).toMatchObject({ entranceLat: null, entranceLng: null });
    expect(lotCreateSchema.parse({ ...pin, ...gate })).toMatchObject(gate);
    expect(entranceOf({ geoLat: 14.5526, geoLng: 121.0211, entranceLat: null, entranceLng: null })).toEqual([14.5526, 121.0211]);
    expect(entranceOf({ geoLat: 14.5526, geoLng: 121.0211, ...gate })).toEqual([14.5526, 121.0231]);
  });

  it('is given whole: latitude and longitude, or neither', () => {
    const message = 'Give the entrance’s latitude and longitude together, or neither when the pin is the entrance';
    expect(problem({ ...pin, entranceLat: 14.5526 })).toBe(message);
    expect(problem({ ...pin, entranceLat: null, entranceLng: 121.0231 })).toBe(message);
    expect(problem({ entranceLng: 121.0231 }, lotUpdateSchema)).toBe(message);
    // Both null on an edit says "the pin is the entrance again".
    expect(lotUpdateSchema.parse({ entranceLat: null, entranceLng: null })).toEqual({ entranceLat: null, entranceLng: null });
  });

  it('lies within 500 m of the pin, in the pin’s bounds', () => {
    expect(problem({ ...pin, entranceLat: 14.5526, entranceLng: 121.0255 })).toBeUndefined(); // about 470 m
    expect(problem({ ...pin, entranceLat: 14.5526, entranceLng: 121.0261 })).toBe(
      'The entrance must be within 500 m of the lot’s pin; this one is 540 m away',
    );
    expect(problem({ ...pin, entranceLat: 14.6526, entranceLng: 121.0211 }, lotUpdateSchema)).toBe(
      'The entrance must be within 500 m of the lot’s pin; this one is 11.1 km away',
    );
    expect(problem({ ...pin, entranceLat: 91, entranceLng: 121.0211 })).toBeDefined();
    expect(problem({ ...pin, entranceLat: '14.55', entranceLng: 121.0211 })).toBe('The entrance latitude must be a number');
  });
});

describe('progressive tiers', () => {
  const tiers = (multiplier: number, hours = 8) => [
    { durationHours: 2, rateMultiplier: 1 },
    { durationHours: 4, rateMultiplier: 0.9 },
    { durationHours: hours, rateMultiplier: multiplier },
  ];
  it('accepts ×0.1 to ×2.0 in steps of 0.1 and 1 to 24 hours', () => {
    for (const multiplier of [0.1, 0.3, 0.7, 1.2, 2])
      expect(progressiveTiersSchema.safeParse(tiers(multiplier)).success, String(multiplier)).toBe(true);
    expect(progressiveTiersSchema.safeParse(tiers(0.8, 24)).success).toBe(true);
  });
  it('refuses other multipliers, hours past 24 and any count but three', () => {
    for (const multiplier of [0, 0.05, 0.85, 2.1])
      expect(progressiveTiersSchema.safeParse(tiers(multiplier)).success, String(multiplier)).toBe(false);
    expect(progressiveTiersSchema.safeParse(tiers(0.8, 25)).success).toBe(false);
    expect(progressiveTiersSchema.safeParse(tiers(0.8).slice(0, 2)).success).toBe(false);
  });
});
