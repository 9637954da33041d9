import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPeso, formatPesoShort } from './money';

it('writes centavos as Intl writes pesos for the Philippines', () => {
  const pesos = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP', minimumFractionDigits: 2 });
  fc.assert(
    fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
      expect(formatPeso(cents)).toBe(pesos.format(cents / 100));
    }),
  );
  expect(formatPeso(123_456_750)).toBe('₱1,234,567.50');
  expect(formatPeso(-2000)).toBe('-₱20.00');
  expect(formatPeso(0)).toBe('₱0.00');
});

describe('a peso figure for a tile', () => {
  it('shortens from ₱100,000 to one decimal of K, M or B', () => {
    expect(formatPesoShort(7_138_701_500)).toBe('₱71.4M');
    expect(formatPesoShort(25_000_000)).toBe('₱250K');
    expect(formatPesoShort(10_000_000)).toBe('₱100K');
    expect(formatPesoShort(-120_000_000_000)).toBe('-₱1.2B');
  });

  it('rounds up into the next unit rather than writing ₱1000K', () => {
    expect(formatPesoShort(99_999_000_00)).toBe('₱100M');
    expect(formatPesoShort(99_995_000)).toBe('₱1M');
  });

  it('writes smaller amounts in full', () => {
    expect(formatPesoShort(9_999_950)).toBe('₱99,999.50');
    expect(formatPesoShort(-2000)).toBe('-₱20.00');
  });
});
