import { describe, expect, it } from 'vitest';
import { maskPlate, normalizePlate, PLATE_MESSAGE, plateSchema, vehicleFormSchema } from './vehicles';

describe('Philippine plates', () => {
  it.each([
    ['abc 1234', 'ABC 1234'],
    ['ABC-123', 'ABC 123'],
    ['  nbc1234 ', 'NBC 1234'],
    ['ab 12345', 'AB 12345'],
    ['1234ab', '1234 AB'],
    ['a1b234', 'A1B234'],
    ['123 abc', '123 ABC'],
    ['a 123 bc', 'A123BC'],
  ])('accepts %j as %j', (raw, plate) => expect(plateSchema.parse(raw)).toBe(plate));

  it.each(['', 'ABCD 1234', '12345678', 'AB', 'ABC 12', 'ABC 12345'])('rejects %j', (raw) =>
    expect(plateSchema.safeParse(raw).success).toBe(false),
  );

  it('normalises separators and case', () => expect(normalizePlate('xyz--9 8 7')).toBe('XYZ 987'));
});

describe('masked plates', () => {
  it('keeps the first three and the last two characters', () => {
    expect(maskPlate('NBC 1234')).toBe('NBC ••34');
    expect(maskPlate('ABC 123')).toBe('ABC •23');
    expect(maskPlate('AB 12345')).toBe('AB1 ••45');
    expect(maskPlate('A1B234')).toBe('A1B •34');
  });
  it('shows only the last two of a short plate', () => {
    expect(maskPlate('12AB')).toBe('••AB');
  });
});

describe('the vehicle form', () => {
  const form = { plate: 'abc-1234', make: 'Toyota', model: 'Vios', color: '' as const, isDefault: false };
  it('sends no colour for "Not specified", and the plate as the request normalises it', () =>
    expect(vehicleFormSchema.parse(form)).toEqual({ ...form, plate: 'ABC 1234', color: null }));
  it("refuses with the request's message, at the plate", () =>
    expect(vehicleFormSchema.safeParse({ ...form, plate: 'ABC' }).error?.issues).toMatchObject([
      { path: ['plate'], message: PLATE_MESSAGE },
    ]));
});
