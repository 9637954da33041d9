import { describe, expect, it } from 'vitest';
import { receiptInitials, RECEIPT_NUMBER_PATTERN, receiptNumberOf } from './receipts';

describe('receipt series prefixes and numbers', () => {
  it.each([
    ['Greenbelt 3 Parking', 'GP'],
    ['SM Megamall Building B Parking', 'SMB'],
    ['NAIA Terminal 3 Parking', 'NTP'],
    ['Salcedo Village Park & Go', 'SVP'],
    ['Las Piñas Mall', 'LPM'],
    ['  robinsons   place ', 'RP'],
    ['123', 'L'],
    ['', 'L'],
  ])('takes the initials of %j: %s', (name, initials) => expect(receiptInitials(name)).toBe(initials));

  it('pads the place in the series to six digits and grows past them', () => {
    expect(receiptNumberOf('GP1', 123)).toBe('GP1-000123');
    expect(receiptNumberOf('GP12', 1_234_567)).toBe('GP12-1234567');
    for (const number of ['GP1-000123', 'GP12-1234567', 'L1-000001']) expect(number).toMatch(RECEIPT_NUMBER_PATTERN);
    for (const number of ['PKD-1A2B3C4D', 'GP-000001', 'gp1-000001', 'GP1-12345']) expect(number).not.toMatch(RECEIPT_NUMBER_PATTERN);
  });
});
