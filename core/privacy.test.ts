import { describe, expect, it } from 'vitest';
import { retentionCutoffs } from './privacy';

describe('retention periods', () => {
  it('counts sign-ins and rejected documents in days, the rest in calendar months', () => {
    expect(retentionCutoffs(Date.parse('2026-11-27T16:05:00Z'))).toEqual({
      signIns: '2026-10-28T16:05:00.000Z',
      earlyRegistrations: '2025-11-27T16:05:00.000Z',
      closedStayPlates: '2025-10-27T16:05:00.000Z',
      rejectedDocuments: '2026-08-29T16:05:00.000Z',
    });
  });
});
