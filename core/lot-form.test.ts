import { describe, expect, it } from 'vitest';
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
