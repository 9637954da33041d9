import { describe, expect, it } from 'vitest';
import { formatUptime, overallStatus, rateBackgroundFailure, rateProbe, RECENT_FAILURE_MS, SLOW_PROBE_MS } from './health';

describe('uptime as the dashboard shows it', () => {
  it.each([
    [0, 'under a minute'],
    [59, 'under a minute'],
    [5 * 60 + 30, '5 min'],
    [3 * 3600 + 12 * 60, '3 h 12 min'],
    [2 * 86400 + 3 * 3600 + 59 * 60, '2 d 3 h'],
  ])('%i s → %s', (seconds, shown) => expect(formatUptime(seconds)).toBe(shown));
});

/** The ratings from given timings, so that no test of System Health depends on how fast the machine answers. */
describe('rating the parts of the platform', () => {
  it('rates probes by the stated threshold', () => {
    expect([rateProbe(true, 20), rateProbe(true, 900), rateProbe(false, 5)]).toEqual(['healthy', 'warning', 'error']);
    expect(overallStatus(['healthy', 'warning'])).toBe('warning');
    expect(overallStatus([])).toBe('healthy');
    const now = Date.now();
    expect(
      [null, now - RECENT_FAILURE_MS + 1000, now - RECENT_FAILURE_MS - 1000].map((at) =>
        rateBackgroundFailure(at === null ? null : new Date(at).toISOString(), now),
      ),
    ).toEqual(['healthy', 'warning', 'healthy']);
  });

  it('calls a probe slow only past the threshold, and a failed one an error however fast', () => {
    expect([0, SLOW_PROBE_MS, SLOW_PROBE_MS + 1].map((ms) => rateProbe(true, ms))).toEqual(['healthy', 'healthy', 'warning']);
    expect([0, SLOW_PROBE_MS + 1].map((ms) => rateProbe(false, ms))).toEqual(['error', 'error']);
    expect(overallStatus(['warning', 'error', 'healthy'])).toBe('error');
  });
});
