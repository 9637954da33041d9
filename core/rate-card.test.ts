import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardPrice, rateCardSchema, type RateCard, type Waiver } from './rate-card';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './time';

/** The card of docs/pricing.md's worked examples. */
const MALL: RateCard = {
  graceMinutes: 15,
  lostTicketCents: 20_000,
  overnight: { cents: 15_000, from: '00:00', until: '05:00' },
  classes: {
    car: { firstHours: 3, firstCents: 5_000, succeedingCents: 2_000, dailyCapCents: 30_000 },
    motorcycle: { firstHours: 3, firstCents: 2_000, succeedingCents: 1_000, dailyCapCents: 10_000 },
  },
};
/** Monday 10 AM, Manila. */
const MON_10AM = Date.parse('2026-11-23T10:00:00+08:00');
const price = (
  minutes: number,
  more: { startMs?: number; vehicleType?: 'car' | 'motorcycle'; waivers?: Waiver[]; lostTicket?: boolean } = {},
) => {
  const startMs = more.startMs ?? MON_10AM;
  return cardPrice(MALL, { ...more, startMs, endMs: startMs + minutes * MINUTE_MS });
};
const at = (iso: string) => Date.parse(iso);
const waiver = (kind: Waiver['kind'], from: string, to: string): Waiver => ({ id: 'w', kind, from, to, reason: 'Typhoon Kristine' });

describe('the rate card (docs/pricing.md, Rate card worked examples)', () => {
  it.each([
    ['a car 4 h 10 min', 250, 'car', 9_000],
    ['a car 12 min (grace)', 12, 'car', 0],
    ['a car 15 min (grace, its last minute)', 15, 'car', 0],
    ['a car 16 min', 16, 'car', 5_000],
    ['a car 3 h', 180, 'car', 5_000],
    ['a car 3 h 01 min', 181, 'car', 7_000],
    ['a motorcycle 5 h', 300, 'motorcycle', 4_000],
    ['a car 12 h', 720, 'car', 23_000],
    ['a car 15 h 30 min from 10 AM (daily maximum, and the night it reaches)', 930, 'car', 45_000],
  ] as const)('%s: the worked example', (_, minutes, vehicleType, cents) => {
    expect(price(minutes, { vehicleType }).totalCents).toBe(cents);
  });

  it('lists the lines that add up to the total', () => {
    expect(price(250)).toEqual({
      totalCents: 9_000,
      lines: [
        { label: 'first 3 h', cents: 5_000 },
        { label: '2 h succeeding', cents: 4_000 },
      ],
    });
  });

  it('charges the overnight fee once per night the stay covers the window', () => {
    const evening = at('2026-11-23T20:00:00+08:00');
    expect(price(6 * 60, { startMs: evening }).totalCents).toBe(11_000 + 15_000);
    expect(price(3 * 60, { startMs: evening }).totalCents).toBe(5_000);
  });

  it('prices park-and-fly by the daily maximum, each night its overnight fee', () => {
    const stay = price((3 * 24 + 2) * 60);
    expect(stay.totalCents).toBe(3 * 30_000 + 4_000 + 3 * 15_000);
    expect(stay.lines.filter((line) => line.label.includes('daily maximum'))).toHaveLength(3);
  });

  it('waives the nights an owner waived, and all fees over an "all" waiver', () => {
    const typhoonNight = waiver('overnight', '2026-11-24T00:00:00+08:00', '2026-11-25T00:00:00+08:00');
    expect(price((3 * 24 + 2) * 60, { waivers: [typhoonNight] }).totalCents).toBe(3 * 30_000 + 4_000 + 2 * 15_000);
    const ashfall = waiver('all', '2026-11-23T12:00:00+08:00', '2026-11-23T14:00:00+08:00');
    expect(price(6 * 60, { waivers: [ashfall] }).totalCents).toBe(7_000);
  });

  it('adds the lost-ticket fee on top of the stay', () => {
    expect(price(250, { lostTicket: true }).totalCents).toBe(29_000);
    expect(price(10, { lostTicket: true }).totalCents).toBe(20_000);
  });

  it('charges a motorcycle as a car where the card has no motorcycle rate', () => {
    const carsOnly = { ...MALL, classes: { car: MALL.classes.car } };
    expect(cardPrice(carsOnly, { startMs: MON_10AM, endMs: MON_10AM + 250 * MINUTE_MS, vehicleType: 'motorcycle' }).totalCents).toBe(9_000);
  });
});

describe('a malformed card names its field', () => {
  const problem = (card: unknown) => rateCardSchema.safeParse(card).error?.issues[0];
  it.each([
    ['a negative price', { ...MALL, classes: { car: { ...MALL.classes.car, succeedingCents: -1 } } }, 'classes.car.succeedingCents'],
    ['no first block', { ...MALL, classes: {} }, 'classes.car'],
    ['an overnight window that is not a time', { ...MALL, overnight: { cents: 100, from: '25:00', until: '05:00' } }, 'overnight.from'],
    ['a grace of an hour', { ...MALL, graceMinutes: 60 }, 'graceMinutes'],
  ])('%s', (_, card, path) => {
    expect(problem(card)?.path.join('.')).toBe(path);
  });
});

describe('rate card properties', () => {
  const stay = fc.record({
    startMs: fc.integer({ min: MON_10AM, max: MON_10AM + 30 * DAY_MS }),
    minutes: fc.integer({ min: 0, max: 10 * 24 * 60 }),
    more: fc.integer({ min: 0, max: 3 * 24 * 60 }),
    vehicleType: fc.constantFrom('car' as const, 'motorcycle' as const),
  });

  it('never charges less for a longer stay', () => {
    fc.assert(
      fc.property(stay, ({ startMs, minutes, more, vehicleType }) => {
        expect(price(minutes + more, { startMs, vehicleType }).totalCents).toBeGreaterThanOrEqual(
          price(minutes, { startMs, vehicleType }).totalCents,
        );
      }),
    );
  });

  it('never charges above the daily maximum per day plus the nights', () => {
    fc.assert(
      fc.property(stay, ({ startMs, minutes, vehicleType }) => {
        const days = Math.ceil((minutes * MINUTE_MS) / DAY_MS);
        const nights = price(minutes, { startMs, vehicleType }).lines.filter((line) => line.label.startsWith('Overnight')).length;
        const cap = MALL.classes[vehicleType]?.dailyCapCents ?? 0;
        expect(price(minutes, { startMs, vehicleType }).totalCents).toBeLessThanOrEqual(days * cap + nights * 15_000);
        expect(nights).toBeLessThanOrEqual(days + 1);
      }),
    );
  });

  it('charges nothing within the grace period', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MON_10AM, max: MON_10AM + 30 * DAY_MS }),
        fc.integer({ min: 0, max: 15 * MINUTE_MS }),
        (startMs, ms) => {
          expect(cardPrice(MALL, { startMs, endMs: startMs + ms }).totalCents).toBe(0);
        },
      ),
    );
  });
});

// A full day from the example's start: its hours are capped, not charged one by one.
it('a car 24 h pays one daily maximum and the night it covers', () => {
  expect(price(24 * 60).totalCents).toBe(30_000 + 15_000);
  expect(HOUR_MS).toBe(60 * MINUTE_MS);
});
