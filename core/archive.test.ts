import { describe, expect, it } from 'vitest';
import { lastArchivableChargeMonth, periodKey } from './archive';

const manila = (wall: string) => Date.parse(`${wall}+08:00`);

describe('the archive’s periods', () => {
  it('lets a Manila month’s charges go once the month has been closed for a week', () => {
    expect(lastArchivableChargeMonth(manila('2026-11-07T23:59:59'))).toBe('2026-09');
    expect(lastArchivableChargeMonth(manila('2026-11-08T00:00:00'))).toBe('2026-10');
    expect(lastArchivableChargeMonth(manila('2026-01-08T00:00:00'))).toBe('2025-12');
  });

  it('keeps a period at one key per kind, lot and month', () => {
    expect(periodKey({ kind: 'charges', lotId: 'lot-1', month: '2026-10' })).toBe('charges/lot-1/2026-10.ndjson.gz');
  });
});
