import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from './booking';
import {
  changeFigures,
  changeMask,
  changeWindows,
  maskedHours,
  pooledElasticity,
  type ChangeFigures,
  type PriceChange,
} from './elasticity';
import { openWeekMask } from './owner-figures';
import { manilaDayIndexStart } from './price-bands';

const SIX_TO_TEN = Object.fromEntries(WEEKDAYS.map((day) => [day, { open: '06:00', close: '22:00' }]));
/** Monday 2 November 2026, as a Manila day. */
const D = Math.floor(Date.parse('2026-11-02T00:00:00Z') / 86_400_000);
const at = (day: number, hour = 9) => new Date(manilaDayIndexStart(day) + hour * 3_600_000).toISOString();
const change = (id: string, day: number, band: PriceChange['band'], fromCents: number, toCents: number): PriceChange => ({
  id,
  changedAt: at(day),
  band,
  fromCents,
  toCents,
});

describe('changeMask', () => {
  it('is every open hour for the base rate, and the band’s hours on its kind of day for a band', () => {
    const open = openWeekMask(SIX_TO_TEN);
    expect(changeMask(null, open)).toBe(open);
    const mornings = changeMask('weekday-morning', open);
    expect([...mornings].filter((bit) => bit === '1')).toHaveLength(5 * 4);
    expect(mornings.slice(24, 48)).toBe(`${'0'.repeat(6)}1111${'0'.repeat(14)}`); // Monday 6–10 AM
    expect(mornings.slice(0, 24)).toBe('0'.repeat(24)); // not on Sunday
    // A weekend night is closed at a lot open 6 AM to 10 PM.
    expect(changeMask('weekend-night', open)).toBe('0'.repeat(168));
  });

  it('counts the masked hours over days, each on its own weekday', () => {
    const mornings = changeMask('weekday-morning', openWeekMask(SIX_TO_TEN));
    expect(maskedHours(mornings, { first: D, end: D + 7 })).toBe(20);
    expect(maskedHours(mornings, { first: D + 5, end: D + 7 })).toBe(0); // Saturday and Sunday
  });
});

describe('changeWindows', () => {
  it('reads 4 weeks each side, cut at the next change of the same hours, where records begin, and at today', () => {
    const changes = [
      change('c', D + 40, null, 9000, 8000),
      change('a', D, null, 8000, 10_000),
      change('b', D + 10, 'weekday-morning', 10_000, 11_000),
    ];
    const windows = changeWindows(changes, SIX_TO_TEN, D - 50, D + 60);
    expect(windows.map((w) => [w.change.id, w.before, w.after])).toEqual([
      ['a', { first: D - 28, end: D }, { first: D + 1, end: D + 10 }], // the band change touches its hours
      ['b', { first: D + 1, end: D + 10 }, { first: D + 11, end: D + 39 }],
      ['c', { first: D + 12, end: D + 40 }, { first: D + 41, end: D + 60 }], // today cuts it
    ]);
    // Records that begin later shorten the first window; none before leaves an empty one.
    expect(changeWindows([changes[1]], SIX_TO_TEN, D - 3, D + 60)[0].before).toEqual({ first: D - 3, end: D });
    expect(changeWindows([changes[1]], SIX_TO_TEN, D + 5, D + 60)[0].before).toEqual({ first: D, end: D });
  });

  it('takes a new base rate and the band rates it cleared, made at one instant, as one change over their own hours', () => {
    const base = change('base', D, null, 8000, 9000);
    const band = change('band', D, 'weekday-morning', 10_000, 9000);
    const [b, m] = changeWindows([base, band], SIX_TO_TEN, D - 100, D + 100);
    const full = { before: { first: D - 28, end: D }, after: { first: D + 1, end: D + 29 } };
    expect([b, m]).toMatchObject([full, full]);
    // The base's hours are the open hours but the cleared band's: 5 × 4 weekday mornings fewer.
    expect([...b.mask].filter((bit) => bit === '1')).toHaveLength(7 * 16 - 20);
    expect(b.mask.slice(24, 48)).toBe(`${'0'.repeat(10)}${'1'.repeat(12)}00`); // Monday 10 AM–10 PM
    expect(m.mask).toBe(changeMask('weekday-morning', openWeekMask(SIX_TO_TEN)));
  });

  it('lets changes of different bands overlap', () => {
    const windows = changeWindows(
      [change('m', D, 'weekday-morning', 8000, 9000), change('e', D + 3, 'weekday-evening', 8000, 9000)],
      SIX_TO_TEN,
      D - 100,
      D + 100,
    );
    expect(windows.map((w) => w.after)).toEqual([
      { first: D + 1, end: D + 29 },
      { first: D + 4, end: D + 32 },
    ]);
  });
});

describe('changeFigures', () => {
  it('compares occupancy, occupied hours and money per day, and the arc elasticity', () => {
    // 10 slots open 16 hours a day: 80 slot-hours a day is 50%, 64 is 40%.
    const [windows] = changeWindows([change('a', D, null, 10_000, 12_000)], SIX_TO_TEN, D - 100, D + 100);
    const figures = changeFigures(
      windows,
      { seconds: 28 * 80 * 3600, cents: 28 * 500_000 },
      { seconds: 28 * 64 * 3600, cents: 28 * 480_000 },
      10,
    );
    expect(figures.before).toEqual({
      from: '2026-10-05',
      to: '2026-11-01',
      days: 28,
      occupiedHoursPerDay: 80,
      occupancyPercent: 50,
      revenuePerDayCents: 500_000,
    });
    expect(figures.after).toMatchObject({
      from: '2026-11-03',
      to: '2026-11-30',
      occupiedHoursPerDay: 64,
      occupancyPercent: 40,
      revenuePerDayCents: 480_000,
    });
    // Occupied hours −16/72 = −22.2% against a price +2,000/11,000 = +18.2%.
    expect(figures).toMatchObject({ counted: true, arcElasticity: -1.22 });
  });

  it('judges a band by its occupancy share, so a before window of another weekday/weekend mix compares the same', () => {
    // Records begin 10 days before Monday D: Fri–Sun twice over, 4 weekend days of 10 (8 of 28 after).
    const [windows] = changeWindows([change('w', D, 'weekend-midday', 10_000, 12_000)], SIX_TO_TEN, D - 10, D + 100);
    expect([maskedHours(windows.mask, windows.before), maskedHours(windows.mask, windows.after)]).toEqual([16, 32]);
    // Half of 10 slots held in every band hour on both sides: 80 and 160 slot-hours.
    const figures = changeFigures(windows, { seconds: 80 * 3600, cents: 0 }, { seconds: 160 * 3600, cents: 0 }, 10);
    expect([figures.before.occupancyPercent, figures.after.occupancyPercent]).toEqual([50, 50]);
    // Per calendar day the sides differ (8 against 5.7 a day), which is the weekday/weekend mix, not demand.
    expect([figures.before.occupiedHoursPerDay, figures.after.occupiedHoursPerDay]).toEqual([8, 5.7]);
    expect(figures).toMatchObject({ counted: true, occupiedChange: 0, arcElasticity: 0 });
  });

  it('does not count a change without 4 full weeks after, a week before, or a price that moved', () => {
    const held = { seconds: 3600, cents: 100 };
    const figuresOf = (c: PriceChange, today: number, begins = D - 100) =>
      changeFigures(changeWindows([c], SIX_TO_TEN, begins, today)[0], held, held, 10);
    expect(figuresOf(change('a', D, null, 8000, 9000), D + 28)).toMatchObject({ counted: false, arcElasticity: null });
    expect(figuresOf(change('a', D, null, 8000, 9000), D + 29).counted).toBe(true);
    expect(figuresOf(change('a', D, null, 8000, 9000), D + 29, D - 6).counted).toBe(false);
    expect(figuresOf(change('a', D, null, 8000, 8000), D + 29).counted).toBe(false);
    const empty = changeFigures(changeWindows([change('a', D, null, 8000, 9000)], SIX_TO_TEN, D, D + 1)[0], held, held, 10);
    expect(empty.before).toEqual({ from: null, to: null, days: 0, occupiedHoursPerDay: 0, occupancyPercent: null, revenuePerDayCents: 0 });
  });
});

describe('pooledElasticity', () => {
  const counted = (priceChange: number, occupiedChange: number) => ({ counted: true, priceChange, occupiedChange }) as ChangeFigures;

  it('is the slope through the origin of occupied hours on price, over the counted changes', () => {
    // Σxy = −0.02 − 0.02 − 0.01 = −0.05; Σx² = 0.09.
    const pooled = pooledElasticity([counted(0.2, -0.1), counted(-0.2, 0.1), counted(0.1, -0.1), { counted: false } as ChangeFigures]);
    expect(pooled).toEqual({
      estimate: -0.56,
      changesCounted: 3,
      message: 'Elasticity about -0.56: a price 10% higher went with about 5.6% fewer occupied hours, over 3 changes.',
    });
  });

  it('says plainly when there are too few changes', () => {
    expect(pooledElasticity([counted(0.2, -0.1), counted(0.1, 0)])).toEqual({
      estimate: null,
      changesCounted: 2,
      message:
        'Too few price changes to estimate elasticity: it needs at least 3 changes with 4 full weeks of records after them and one before; this lot has 2.',
    });
  });
});
