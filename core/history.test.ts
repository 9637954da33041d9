import { describe, expect, it } from 'vitest';
import { historyCsv, historyQueryOf, matchesHistory, NO_HISTORY_FILTER, type HistoryFacts } from './history';
import { historyFilterOf, historyQuerySchema } from './history-request';

const now = new Date('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
const row = (over: Partial<HistoryFacts> = {}): HistoryFacts => ({
  lotName: 'Greenbelt 3 Parking',
  plate: 'NBC 1234',
  status: 'COMPLETED',
  startTs: daysAgo(1),
  ...over,
});
const filter = (over: Partial<typeof NO_HISTORY_FILTER>) => ({ ...NO_HISTORY_FILTER, ...over });

describe('History filters (spec 2.9)', () => {
  it('searches lot names and plates, case and spacing aside', () => {
    expect(matchesHistory(row(), filter({ search: 'greenbelt' }), now)).toBe(true);
    expect(matchesHistory(row(), filter({ search: 'nbc1234' }), now)).toBe(true);
    expect(matchesHistory(row(), filter({ search: 'NBC 12' }), now)).toBe(true);
    expect(matchesHistory(row(), filter({ search: 'Rockwell' }), now)).toBe(false);
    expect(matchesHistory(row({ plate: null }), filter({ search: 'nbc' }), now)).toBe(false);
  });

  it('filters by status', () => {
    expect(matchesHistory(row(), filter({ status: 'COMPLETED' }), now)).toBe(true);
    expect(matchesHistory(row(), filter({ status: 'CANCELLED' }), now)).toBe(false);
  });

  it('keeps the last 7, 30 or 365 days by start, upcoming included', () => {
    expect(matchesHistory(row({ startTs: daysAgo(6.9) }), filter({ range: 'week' }), now)).toBe(true);
    expect(matchesHistory(row({ startTs: daysAgo(7.1) }), filter({ range: 'week' }), now)).toBe(false);
    expect(matchesHistory(row({ startTs: daysAgo(29) }), filter({ range: 'month' }), now)).toBe(true);
    expect(matchesHistory(row({ startTs: daysAgo(31) }), filter({ range: 'month' }), now)).toBe(false);
    expect(matchesHistory(row({ startTs: daysAgo(364) }), filter({ range: 'year' }), now)).toBe(true);
    expect(matchesHistory(row({ startTs: daysAgo(-2) }), filter({ range: 'week' }), now)).toBe(true);
    expect(matchesHistory(row({ startTs: daysAgo(900) }), NO_HISTORY_FILTER, now)).toBe(true);
  });
});

describe('History filters as query parameters', () => {
  it('sends only what narrows the list, and reads back the same filter', () => {
    expect(historyQueryOf(NO_HISTORY_FILTER)).toEqual({ q: undefined, status: undefined, range: undefined });
    expect(historyQueryOf(filter({ search: '   ' }))).toEqual({ q: undefined, status: undefined, range: undefined });
    const chosen = filter({ search: 'nbc1234', status: 'CANCELLED', range: 'week' });
    expect(historyFilterOf(historyQuerySchema.parse(historyQueryOf(chosen)))).toEqual(chosen);
  });

  it('refuses an unknown status or range with a message naming the choices', () => {
    expect(historyQuerySchema.safeParse({ status: 'LOST' }).error?.issues[0].message).toBe(
      'status must be one of: CONFIRMED, ACTIVE, COMPLETED, CANCELLED, EXPIRED.',
    );
    expect(historyQuerySchema.safeParse({ range: 'decade' }).error?.issues[0].message).toBe(
      'range must be one of: all, week, month, year.',
    );
  });
});

describe('History CSV', () => {
  it('writes Manila times, pesos, formula-safe text and the receipt numbers', () => {
    const csv = historyCsv([
      {
        ...row({ lotName: '=HYPERLINK("x")', startTs: '2026-11-20T10:00:00Z' }),
        passId: 'E1BDC7CA',
        endTs: '2026-11-20T12:00:00Z',
        slotLabel: 'B-2',
        amountCents: 8_000,
        receiptNumber: 'GP1-000123',
        voidNumber: null,
      },
      {
        ...row({ status: 'CANCELLED', startTs: '2026-11-21T10:00:00Z' }),
        passId: 'A0B1C2D3',
        endTs: '2026-11-21T11:00:00Z',
        slotLabel: null,
        amountCents: 4_000,
        receiptNumber: 'GP1-000124',
        voidNumber: 'GP1-000125',
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Pass ID,Lot,Plate,Slot,Start (Asia/Manila),End (Asia/Manila),Status,Amount (PHP),Receipt No.,Voided by',
      `E1BDC7CA,"'=HYPERLINK(""x"")",NBC 1234,B-2,2026-11-20 18:00,2026-11-20 20:00,COMPLETED,80.00,GP1-000123,`,
      'A0B1C2D3,Greenbelt 3 Parking,NBC 1234,,2026-11-21 18:00,2026-11-21 19:00,CANCELLED,40.00,GP1-000124,GP1-000125',
      '',
    ]);
  });
});
