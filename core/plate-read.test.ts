import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATE_READ_THRESHOLD, readPlate } from './plate-read';
import { isPhilippinePlate } from './vehicles';

describe('reading a plate from OCR text', () => {
  it.each([
    ['ABC1234', 'ABC 1234'],
    ['abc 123', 'ABC 123'],
  ])('takes %j as %j, sure', (raw, text) => {
    const read = readPlate(raw);
    expect(read?.text).toBe(text);
    expect(read?.confidence).toBeGreaterThanOrEqual(PLATE_READ_THRESHOLD);
  });

  it.each([
    ['A8C 1234', 'ABC 1234'],
    ['N0C 12O4', 'NOC 1204'],
    ['ABC I2S4', 'ABC 1254'],
    ['0XS 3057', 'OXS 3057'],
  ])('corrects %j by position to %j, less sure', (raw, text) => {
    const read = readPlate(raw);
    expect(read?.text).toBe(text);
    expect(read?.confidence).toBeLessThan(1);
  });

  it('takes a conduction sticker or an old motorcycle plate when no car plate fits', () => {
    expect(readPlate('C3D4E5')?.text).toBe('C3D4E5');
    expect(readPlate('1234 ABC')?.text).toBe('1234 ABC');
    expect(readPlate('AB 92345')?.text).toBe('AB 92345');
  });

  it('prefers the common car series to a rarer format a look-alike fits as well, less sure', () => {
    const read = readPlate('DY14230');
    expect(read?.text).toBe('DYI 4230');
    expect(read?.confidence).toBeLessThan(PLATE_READ_THRESHOLD + 0.2);
  });

  it('drops one of a glyph read twice as itself and its look-alike, not the first glyph', () =>
    expect(readPlate('GNTO0266', [], 7)?.text).toBe('GNT 0266'));

  it('is less sure of a read whose length is not the glyphs counted', () =>
    expect(readPlate('ABC1234', [], 6)!.confidence).toBeLessThan(readPlate('ABC1234', [], 7)!.confidence));

  it('drops a stray character at either end, less sure', () => {
    expect(readPlate('IABC1234')).toMatchObject({ text: 'ABC 1234' });
    expect(readPlate('ABC12345')?.confidence).toBeLessThan(PLATE_READ_THRESHOLD + 0.2);
  });

  it('is no surer than its least sure character', () =>
    expect(readPlate('ABC 1234', [0.99, 0.9, 0.95, 0.6, 0.97, 0.99, 0.98])?.confidence).toBeLessThanOrEqual(0.6));

  it('answers null when nothing fits a plate', () => {
    expect(readPlate('')).toBeNull();
    expect(readPlate('PILIPINAS')).toBeNull();
    expect(readPlate('ABCDEFGHIJ')).toBeNull();
  });

  it('always answers a valid plate, with a confidence between 0 and 1', () =>
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ABCDEGILOSZ0125689 -'), maxLength: 10 }), (raw) => {
        const read = readPlate(raw);
        if (read) {
          expect(isPhilippinePlate(read.text)).toBe(true);
          expect(read.confidence).toBeGreaterThanOrEqual(0);
          expect(read.confidence).toBeLessThanOrEqual(1);
        }
      }),
    ));

  it('reads every clean car plate back as itself, sure', () =>
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{3}[0-9]{4}$/), (plate) => {
        const read = readPlate(plate, [], 7);
        expect(read?.text).toBe(`${plate.slice(0, 3)} ${plate.slice(3)}`);
        expect(read?.confidence).toBeGreaterThanOrEqual(PLATE_READ_THRESHOLD);
      }),
    ));
});
