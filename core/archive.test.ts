import { describe, expect, it } from 'vitest';
import { archivableChargesBefore, periodKey } from './archive';

const manila = (wall: string) => Date.parse(`${wall}+08:00`);

describe('the archive’s periods', () => {
  it('lets a charge go a week after it was made, whether or not its month has closed', () => {
    expect(archivableChargesBefore(manila('2026-11-12T10:00:00'))).toBe(new Date(manila('2026-11-05T10:00:00')).toISOString());
    expect(archivableChargesBefore(manila('2026-01-03T00:00:00'))).toBe(new Date(manila('2025-12-27T00:00:00')).toISOString());
  });

  it('keeps a period at one key per kind, lot and month', () => {
    expect(periodKey({ kind: 'charges', lotId: 'lot-1', month: '2026-10' })).toBe('charges/lot-1/2026-10.ndjson.gz');
  });
});
