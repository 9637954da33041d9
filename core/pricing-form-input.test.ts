import { describe, expect, it } from 'vitest';
import { pricingFormSchema, pricingFormValues } from './pricing-form-input';

const lot = { strategy: 'STATIC' as const, baseRate: 6500, progressiveJson: null, rateCardJson: null };

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

  it('sends a rate card in centavos, leaving its blank parts out, and keeps the card while the lot is off it', () => {
    const values = pricingFormValues(lot);
    values.strategy = 'RATE_CARD';
    values.rateCard.lostTicketCents = '200';
    values.rateCard.classes.car = { firstHours: '3', firstCents: '50', succeedingCents: '20', dailyCapCents: '' };
    const sent = pricingFormSchema.parse(values);
    expect(sent).toEqual({
      strategy: 'RATE_CARD',
      currency: 'PHP',
      rateCard: { graceMinutes: 15, lostTicketCents: 20000, classes: { car: { firstHours: 3, firstCents: 5000, succeedingCents: 2000 } } },
    });
    const kept = pricingFormValues({ ...lot, rateCardJson: JSON.stringify(sent.strategy === 'RATE_CARD' && sent.rateCard) });
    expect(kept.strategy).toBe('STATIC');
    expect(kept.rateCard.classes.car).toEqual({ firstHours: '3', firstCents: '50', succeedingCents: '20', dailyCapCents: '' });
  });

  it("shows the card's messages at its fields", () => {
    const values = { ...pricingFormValues(lot), strategy: 'RATE_CARD' as const };
    values.rateCard.overnight = { cents: '150', from: '25:00', until: '05:00' };
    values.rateCard.classes.motorcycle.succeedingCents = '-5';
    const issues = pricingFormSchema.safeParse(values).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues).toEqual([
      'rateCard.lostTicketCents',
      'rateCard.overnight.from',
      'rateCard.classes.car.firstHours',
      'rateCard.classes.car.firstCents',
      'rateCard.classes.car.succeedingCents',
      'rateCard.classes.motorcycle.firstHours',
      'rateCard.classes.motorcycle.firstCents',
      'rateCard.classes.motorcycle.succeedingCents',
    ]);
  });
});
