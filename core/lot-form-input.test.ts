import { describe, expect, it } from 'vitest';
import { lotFormSchema, lotFormValues, type LotFormValues } from './lot-form-input';

const filled = (change: Partial<LotFormValues> = {}): LotFormValues => ({
  ...lotFormValues(),
  name: 'Legazpi Village Carpark',
  geoLat: '14.5547',
  geoLng: '121.0164',
  ...change,
});
const issues = (values: LotFormValues) =>
  lotFormSchema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the lot form', () => {
  it('becomes the create request: pesos to centavos, the same hours every day, the pin as the entrance', () => {
    const lot = lotFormSchema.parse(filled({ hourlyRate: '65', levels: 'b1, B2', totalSlots: '42' }));
    expect(lot).toMatchObject({ hourlyRate: 6500, totalSlots: 42, levels: ['B1', 'B2'], entranceLat: null, entranceLng: null });
    expect(lot.rulesJson).toEqual({
      maxDuration: 8,
      allowOvernight: false,
      walkInHorizonMinutes: 120,
      vehicleTypes: ['car', 'motorcycle'],
    });
    expect(Object.values(lot.hoursJson)).toHaveLength(7);
    expect(lot.address).toBeUndefined();
  });

  it("shows the request's messages at the fields they name", () => {
    expect(issues(filled({ geoLat: '' }))).toEqual([['geoLat', 'Latitude is required']]);
    expect(issues(filled({ entranceAtPin: false, entranceLng: '121.0171' }))).toEqual([
      ['entranceLat', 'The entrance latitude must be a number'],
    ]);
    expect(issues(filled({ accessibleSlots: '15', evChargingSlots: '10' }))).toEqual([
      ['accessibleSlots', 'Accessible and EV charging slots together cannot exceed the total slots'],
    ]);
    expect(issues(filled({ rulesJson: { ...filled().rulesJson, maxDuration: '30' } }))).toEqual([
      ['rulesJson.maxDuration', 'Max duration is 1 to 24 hours'],
    ]);
  });

  it('takes the hours day by day: a closed day is left out, and a day must close after it opens', () => {
    const week = filled().hoursJson;
    const hours = { ...week, sunday: { ...week.sunday, closed: true }, tuesday: { open: '18:00', close: '09:00', closed: false } };
    expect(issues(filled({ everyDay: false, hoursJson: hours }))).toEqual([['hoursJson.tuesday.close', 'A day must close after it opens']]);
    const open = lotFormSchema.parse(filled({ everyDay: false, hoursJson: { ...hours, tuesday: week.tuesday } })).hoursJson;
    expect(Object.keys(open)).not.toContain('sunday');
  });

  it("starts from an existing lot's values", () => {
    const values = lotFormValues({
      name: 'Greenbelt',
      address: null,
      geoLat: 14.5526,
      geoLng: 121.0211,
      entranceLat: 14.5526,
      entranceLng: 121.0231,
      hoursJson: JSON.stringify({ monday: { open: '07:00', close: '20:00' } }),
      rulesJson: JSON.stringify({ maxDuration: 12, vehicleTypes: ['car'] }),
      amenitiesJson: JSON.stringify({ covered: true }),
      totalSlots: 30,
      accessibleSlots: 2,
      evChargingSlots: 1,
      levels: ['B1'],
    });
    expect(values).toMatchObject({ entranceAtPin: false, everyDay: false, daily: { open: '07:00', close: '20:00' }, levels: 'B1' });
    expect(values.hoursJson.sunday).toEqual({ open: '07:00', close: '20:00', closed: true });
    expect(lotFormSchema.parse(values)).toMatchObject({
      hoursJson: { monday: { open: '07:00', close: '20:00' } },
      rulesJson: { maxDuration: 12, vehicleTypes: ['car'] },
      amenitiesJson: { covered: true, security: false },
      entranceLng: 121.0231,
    });
  });
});
