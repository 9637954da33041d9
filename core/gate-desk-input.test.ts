import { describe, expect, it } from 'vitest';
import { MISSING_PLATE } from './gate';
import { manualEntrySchema, type ManualEntryValues } from './gate-desk-input';

const entry: ManualEntryValues = { action: 'checkout', plate: 'abc-1234', slot: ' b1-014 ', vehicleType: 'car', validationCode: '' };
const problems = (values: ManualEntryValues) =>
  manualEntrySchema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('the gate desk’s manual entry', () => {
  it('takes the plate and slot as the entry request does, and no code when it is left blank', () =>
    expect(manualEntrySchema.parse(entry)).toEqual({ action: 'checkout', plate: 'ABC 1234', slot: 'B1-014', vehicleType: 'car' }));

  it('takes a merchant’s code as the validation request does', () => {
    expect(manualEntrySchema.parse({ ...entry, validationCode: ' abcde-23456 ' }).validationCode).toBe('ABCDE-23456');
    expect(problems({ ...entry, validationCode: 'ABC' })).toEqual([['validationCode', 'A validation code looks like ABCDE-23456.']]);
    // Only a check-out carries one: what is left in the field does not hold up a check-in.
    expect(manualEntrySchema.parse({ ...entry, action: 'checkin', validationCode: 'ABC' }).validationCode).toBeUndefined();
  });

  it('asks for the plate', () => expect(problems({ ...entry, plate: ' ' })).toEqual([['plate', MISSING_PLATE]]));
});
