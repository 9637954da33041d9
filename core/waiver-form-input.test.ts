import { describe, expect, it } from 'vitest';
import { waiverText } from './rate-sign';
import { waiverFormSchema } from './waiver-form-input';

const typhoon = { from: '2026-07-24', to: '2026-07-25', kind: 'overnight' as const, reason: 'Typhoon Carina' };

describe('the waiver form', () => {
  it('waives whole Manila days, the last one included', () => {
    const sent = waiverFormSchema.parse(typhoon);
    expect(sent).toEqual({ ...typhoon, from: '2026-07-23T16:00:00.000Z', to: '2026-07-25T16:00:00.000Z' });
    expect(waiverText({ ...sent, id: 'w' })).toBe('Overnight fees waived · Jul 24, 2026 – Jul 25, 2026');
    expect(waiverText({ ...sent, id: 'w', kind: 'all', to: '2026-07-24T16:00:00.000Z' })).toBe('All fees waived · Jul 24, 2026');
  });

  it("shows the request's messages at the fields they name", () => {
    const issues = (values: typeof typhoon) =>
      waiverFormSchema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ ...typhoon, to: '' })).toEqual([['to', 'Pick the last day of the waiver']]);
    expect(issues({ ...typhoon, to: '2026-07-22', reason: ' ' })).toEqual([
      ['reason', 'Say why the fees are waived'],
      ['to', 'The waiver ends after it starts'],
    ]);
  });
});
