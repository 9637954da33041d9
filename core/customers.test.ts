import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { topCandidates, topSpenders, totalsByDriver, type CustomerTotal } from './customers';

const driver = (userId: string, cents: number, booked = true, bookings = 1): CustomerTotal => ({ userId, bookings, cents, booked });

describe('the Customers tab', () => {
  it("adds a driver's parts from D1 and from each lot, booked when any part was", () => {
    expect(totalsByDriver([driver('a', 100, false, 0), driver('b', 50), driver('a', 200, true, 2)])).toEqual([
      driver('a', 300, true, 2),
      driver('b', 50),
    ]);
  });

  it('keeps the sums of any split into parts', () => {
    const part = fc.record({
      userId: fc.constantFrom('a', 'b', 'c'),
      bookings: fc.integer({ min: -3, max: 5 }),
      cents: fc.integer(),
      booked: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(part), (parts) => {
        const totals = totalsByDriver(parts);
        for (const { userId, bookings, cents, booked } of totals) {
          const own = parts.filter((row) => row.userId === userId);
          expect(bookings).toBe(own.reduce((sum, row) => sum + row.bookings, 0));
          expect(cents).toBe(own.reduce((sum, row) => sum + row.cents, 0));
          expect(booked).toBe(own.some((row) => row.booked));
        }
        expect(totals.length).toBe(new Set(parts.map((row) => row.userId)).size);
      }),
    );
  });

  it('lists the top spenders by money, a tie at the cut by e-mail, and never one who paid nothing', () => {
    const drivers = [driver('z', 500), driver('y', 300), driver('x', 300), driver('w', 300), driver('v', 0), driver('u', -100)];
    const candidates = topCandidates(drivers, 2);
    expect(candidates.map((row) => row.userId).sort()).toEqual(['w', 'x', 'y', 'z']);
    const emails = new Map([
      ['z', 'zed@example.ph'],
      ['y', 'ana@example.ph'],
      ['x', 'ben@example.ph'],
      ['w', 'cy@example.ph'],
    ]);
    expect(topSpenders(candidates, emails, 2).map((row) => row.email)).toEqual(['zed@example.ph', 'ana@example.ph']);
    expect(topCandidates([driver('v', 0)], 5)).toEqual([]);
  });
});
