import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gateCharge } from './gate';
import type { LotPricing } from './pricing';
import { HOUR_MS } from './time';
import { CODE_PATTERN, normalizeCode, validatedCharge, validationReportCsv, type AppliedValidation } from './validations';

const pricing = { strategy: 'STATIC', baseRateCents: 5_000 } as LotPricing;
const entryMs = Date.parse('2026-11-20T02:00:00Z');
const walkIn = (hours: number) => ({ entryMs, exitMs: entryMs + hours * HOUR_MS - 60_000, reservedUntilMs: null, pricing });
const code = (id: string, worth: Partial<AppliedValidation>, merchantId = 'm1'): AppliedValidation => ({
  id,
  merchantId,
  hours: null,
  amountCents: null,
  ...worth,
});

describe('validated charge', () => {
  it('takes pesos off, never below zero, each validation giving only what is still owed', () => {
    const stay = walkIn(3);
    const gross = gateCharge(stay).amountCents;
    const priced = validatedCharge(stay, [code('a', { amountCents: gross - 1_000 }), code('b', { amountCents: 5_000 })], new Map());
    expect(priced).toMatchObject({ grossCents: gross, netCents: 0, validatedCents: gross });
    expect(priced.values).toEqual([
      { id: 'a', valueCents: gross - 1_000 },
      { id: 'b', valueCents: 1_000 },
    ]);
  });

  it('takes hours free off the last hours owed; more hours than the stay is all of it', () => {
    const stay = walkIn(3);
    expect(validatedCharge(stay, [code('h', { hours: 1 })], new Map()).netCents).toBe(gateCharge(walkIn(2)).amountCents);
    expect(validatedCharge(stay, [code('h', { hours: 1 }), code('i', { hours: 1 })], new Map()).netCents).toBe(
      gateCharge(walkIn(1)).amountCents,
    );
    expect(validatedCharge(stay, [code('h', { hours: 5 })], new Map())).toMatchObject({ netCents: 0 });
  });

  it("caps each merchant's validations per stay, not another merchant's", () => {
    const stay = walkIn(4);
    const priced = validatedCharge(
      stay,
      [code('a', { amountCents: 2_000 }), code('b', { amountCents: 2_000 }), code('c', { amountCents: 2_000 }, 'm2')],
      new Map([
        ['m1', 3_000],
        ['m2', null],
      ]),
    );
    expect(priced.values.map((v) => v.valueCents)).toEqual([2_000, 1_000, 2_000]);
  });

  it('gives a reservation nothing when it leaves on time (prepaid time is never refunded)', () => {
    const stay = { entryMs, exitMs: entryMs + HOUR_MS, reservedUntilMs: entryMs + 2 * HOUR_MS, pricing };
    expect(validatedCharge(stay, [code('a', { amountCents: 2_000 })], new Map())).toMatchObject({
      netCents: 0,
      values: [{ valueCents: 0 }],
    });
  });
});

describe('codes and the report', () => {
  it('reads a code as typed or scanned', () => {
    expect(normalizeCode(' abcde 23456 ')).toBe('ABCDE-23456');
    expect(CODE_PATTERN.test(normalizeCode('abcde-23456'))).toBe(true);
    expect(CODE_PATTERN.test('ABCDE-2345O')).toBe(false);
  });

  it('writes the CSV to invoice merchants, formula-safe', () => {
    expect(validationReportCsv([{ month: '2026-11', merchantName: '=Shop', lotName: 'Lot A', redeemed: 2, valueCents: 3_050 }])).toBe(
      "Month,Merchant,Lot,Validations redeemed,Value given (PHP)\r\n2026-11,'=Shop,Lot A,2,30.50\r\n",
    );
  });
});

describe('validated charge, any validations', () => {
  it('never goes below zero, gives each merchant at most its cap, and the values add up to what was taken off', () => {
    const merchants = ['m1', 'm2', 'm3'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 * 60 }),
        fc.option(fc.integer({ min: 0, max: 6 * 60 }), { nil: null }),
        fc.array(
          fc.record({
            merchant: fc.constantFrom(...merchants),
            worth: fc.oneof(
              fc.record({ hours: fc.integer({ min: 1, max: 24 }), amountCents: fc.constant(null) }),
              fc.record({ hours: fc.constant(null), amountCents: fc.integer({ min: 100, max: 50_000 }) }),
            ),
          }),
          { maxLength: 6 },
        ),
        fc.tuple(...merchants.map(() => fc.option(fc.integer({ min: 100, max: 20_000 }), { nil: null }))),
        (minutes, reservedMinutes, applied, capList) => {
          const stay = {
            entryMs,
            exitMs: entryMs + minutes * 60_000,
            reservedUntilMs: reservedMinutes === null ? null : entryMs + reservedMinutes * 60_000,
            pricing,
          };
          const caps = new Map(merchants.map((merchant, i) => [merchant, capList[i]]));
          const validations = applied.map((v, i) => code(`v${i}`, v.worth, v.merchant));
          const priced = validatedCharge(stay, validations, caps);
          expect(priced.grossCents).toBe(gateCharge(stay).amountCents);
          expect(priced.netCents).toBeGreaterThanOrEqual(0);
          expect(priced.netCents).toBeLessThanOrEqual(priced.grossCents);
          expect(priced.values.reduce((sum, v) => sum + v.valueCents, 0)).toBe(priced.validatedCents);
          for (const v of priced.values) expect(v.valueCents).toBeGreaterThanOrEqual(0);
          merchants.forEach((merchant, i) => {
            const given = priced.values.filter((_, j) => applied[j].merchant === merchant).reduce((sum, v) => sum + v.valueCents, 0);
            if (capList[i] !== null) expect(given).toBeLessThanOrEqual(capList[i]!);
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
