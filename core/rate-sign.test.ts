import { describe, expect, it } from 'vitest';
import type { RateCard } from './rate-card';
import { rateSign } from './rate-sign';

const mall: RateCard = {
  graceMinutes: 15,
  lostTicketCents: 20000,
  overnight: { cents: 15000, from: '00:00', until: '05:00' },
  classes: {
    car: { firstHours: 3, firstCents: 5000, succeedingCents: 2000, dailyCapCents: 30000 },
    motorcycle: { firstHours: 1, firstCents: 2000, succeedingCents: 1000 },
  },
};

describe('the rate sign', () => {
  it('reads the card the way Manila lots post it', () => {
    expect(rateSign(mall)).toEqual([
      {
        heading: 'Cars',
        lines: [
          { label: 'First 3 hours', value: '₱50.00' },
          { label: 'Every succeeding hour or fraction', value: '₱20.00' },
          { label: 'Daily maximum', value: '₱300.00' },
        ],
      },
      {
        heading: 'Motorcycles',
        lines: [
          { label: 'First 1 hour', value: '₱20.00' },
          { label: 'Every succeeding hour or fraction', value: '₱10.00' },
        ],
      },
      {
        heading: 'Fees',
        lines: [
          { label: 'Grace period', value: 'First 15 minutes free' },
          { label: 'Overnight, 12:00 AM – 5:00 AM', value: '₱150.00' },
          { label: 'Lost ticket', value: '₱200.00' },
        ],
      },
    ]);
  });

  it('names one rate for every vehicle, and no grace or night when the card has none', () => {
    const plain = rateSign({ graceMinutes: 0, lostTicketCents: 10000, classes: { car: mall.classes.car } });
    expect(plain.map((section) => section.heading)).toEqual(['All vehicles', 'Fees']);
    expect(plain[1].lines).toEqual([
      { label: 'Grace period', value: 'None' },
      { label: 'Lost ticket', value: '₱100.00' },
    ]);
  });
});
