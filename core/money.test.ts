import fc from 'fast-check';
import { expect, it } from 'vitest';
import { formatPeso } from './money';

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
