import { describe, expect, it } from 'vitest';
import { ALWAYS_VALID, WEEKDAYS_MASK } from './monthly-passes';
import { passProductFormSchema, passProductFormValues } from './monthly-pass-form-input';

describe('the new-pass form', () => {
  it('sends the price in centavos and the days ticked as a mask, 24/7 unless its hours are given', () => {
    const values = { ...passProductFormValues, name: 'Commuter' };
    expect(passProductFormSchema.parse(values)).toEqual({ name: 'Commuter', priceCents: 300_000, quantity: 1, schedule: ALWAYS_VALID });
    expect(passProductFormSchema.parse({ ...values, always: false, close: '00:00' }).schedule).toEqual({
      daysMask: WEEKDAYS_MASK,
      openMinute: 420,
      closeMinute: 1440,
    });
  });

  it("refuses in the request's own words", () => {
    const refused = passProductFormSchema.safeParse({ ...passProductFormValues, priceCents: '100', always: false, days: [] });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Name the pass'],
      ['priceCents', 'A monthly pass costs ₱500 to ₱50,000'],
      ['schedule.daysMask', 'Choose at least one day of the week'],
      ['schedule.closeMinute', 'Choose at least one day of the week.'],
    ]);
  });
});
