import { describe, expect, it } from 'vitest';
import type { Forecast } from './forecast';
import { type Candidate, driverHistoryOf, NO_HISTORY, rankForDriver, SUGGESTION_WEIGHTS } from './suggestions';

const usually = (usuallyFree: number | null, total = 40): Forecast => ({ weekday: 'Friday', hour: '18:00', total, weeks: 8, usuallyFree });
const lot = (id: string, fields: Partial<Candidate> = {}): Candidate => ({
  id,
  priceCents: 10_000,
  walkKm: 0.5,
  forecast: usually(20),
  amenities: {},
  bookable: true,
  ...fields,
});
const order = (lots: { id: string }[]) => lots.map((one) => one.id);

describe('Best for you', () => {
  it('weighs its parts to a whole', () => {
    expect(Object.values(SUGGESTION_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBeCloseTo(1);
  });

  it('ranks a cheaper similar lot higher, and says by how much', () => {
    const ranked = rankForDriver([lot('dear', { priceCents: 12_000 }), lot('middle'), lot('cheap', { priceCents: 6000 })]);
    expect(order(ranked)).toEqual(['cheap', 'middle', 'dear']);
    expect(ranked[0].reasons).toContain('₱40 less than lots nearby');
    expect(ranked[1].reasons.join()).not.toContain('less than');
  });

  it('ranks a lot forecast to be full at arrival lower, and says so', () => {
    const ranked = rankForDriver([lot('full', { forecast: usually(0), walkKm: 0.1 }), lot('roomy', { forecast: usually(12) })]);
    expect(order(ranked)).toEqual(['roomy', 'full']);
    expect(ranked[0].reasons).toContain('usually 12 free at 18:00 on Fridays');
    expect(ranked[1].reasons).toContain('usually full at 18:00 on Fridays');
  });

  it('ranks a lot the driver parked at before higher', () => {
    const lots = [lot('new', { walkKm: 0.3 }), lot('usual', { walkKm: 0.6 })];
    const history = driverHistoryOf([{ lotId: 'usual', stays: 3, amenities: {} }]);
    const ranked = rankForDriver(lots, history);
    expect(order(ranked)).toEqual(['usual', 'new']);
    expect(ranked[0].reasons).toContain('you parked here 3 times');
    expect(order(rankForDriver(lots))).toEqual(['new', 'usual']);
  });

  it('gives a driver with no history the order of price, walk and forecast, without habits', () => {
    const lots = [lot('far', { walkKm: 1.8 }), lot('near', { walkKm: 0.2 }), lot('unknown', { walkKm: 0.2, forecast: usually(null) })];
    const ranked = rankForDriver(lots, driverHistoryOf([]));
    expect(order(ranked)).toEqual(['near', 'unknown', 'far']);
    expect(ranked[0].reasons).toEqual(['usually 20 free at 18:00 on Fridays', 'the shortest walk']);
    expect(ranked.flatMap((one) => one.reasons).join()).not.toMatch(/you parked|you usually/);
    expect(driverHistoryOf([])).toEqual(NO_HISTORY);
  });

  it('learns an amenity a driver keeps choosing, from half their stays or more', () => {
    const history = driverHistoryOf([
      { lotId: 'a', stays: 3, amenities: { covered: true, evCharging: true } },
      { lotId: 'b', stays: 2, amenities: { covered: true } },
      { lotId: 'c', stays: 2, amenities: {} },
    ]);
    expect(history.preferred).toEqual(['covered']);
    const ranked = rankForDriver([lot('open'), lot('roofed', { amenities: { covered: true } })], history);
    expect(order(ranked)).toEqual(['roofed', 'open']);
    expect(ranked[0].reasons).toContain('covered, as you usually choose');
  });

  it('puts a lot that cannot be booked for the window last, whatever its score', () => {
    const ranked = rankForDriver([lot('taken', { priceCents: 2000, bookable: false }), lot('open')]);
    expect(order(ranked)).toEqual(['open', 'taken']);
    expect(ranked[1].reasons[0]).toBe('not bookable for your time');
  });

  it('keeps the given order (nearest first) between equals, and gives at most three reasons', () => {
    expect(order(rankForDriver([lot('a'), lot('b'), lot('c')]))).toEqual(['a', 'b', 'c']);
    const history = driverHistoryOf([{ lotId: 'best', stays: 2, amenities: { covered: true } }]);
    const [best] = rankForDriver(
      [lot('best', { priceCents: 5000, walkKm: 0.1, forecast: usually(30), amenities: { covered: true } }), lot('other')],
      history,
    );
    expect(best.reasons).toEqual(['₱25 less than lots nearby', 'usually 30 free at 18:00 on Fridays', 'you parked here twice']);
  });

  it('ranks lots of a search with no place without the walk', () => {
    expect(order(rankForDriver([lot('a', { walkKm: null }), lot('b', { walkKm: null, priceCents: 9000 })]))).toEqual(['b', 'a']);
  });
});
