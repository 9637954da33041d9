import { describe, expect, it } from 'vitest';
import { pricingFormSchema, pricingFormValues } from './pricing-form-input';

const lot = { strategy: 'STATIC' as const, baseRate: 6500, progressiveJson: null };

describe('the pricing form', () => {
  it('sends the base rate in centavos, with the tiers only for progressive pricing', () => {
    expect(pricingFormSchema.parse(pricingFormValues(lot))).toEqual({ strategy: 'STATIC', baseRate: 6500, currency: 'PHP' });
    const progressive = pricingFormSchema.parse({ ...pricingFormValues(lot), strategy: 'PROGRESSIVE', baseRate: '60' });
    expect(progressive).toMatchObject({ baseRate: 6000, progressiveJson: [{ durationHours: 2 }, { rateMultiplier: 0.9 }, {}] });
  });

  it("shows the request's messages at the fields they name", () => {
    const values = pricingFormValues({ ...lot, strategy: 'PROGRESSIVE' });
    values.baseRate = '5';
    values.progressiveJson[2].rateMultiplier = '2.5';
    expect(pricingFormSchema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['baseRate', 'The base rate is ₱10 to ₱500 an hour'],
      ['progressiveJson.2.rateMultiplier', 'Rate multipliers are 0.1 to 2.0'],
    ]);
  });
});
