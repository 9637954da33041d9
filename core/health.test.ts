import { describe, expect, it } from 'vitest';
import { formatUptime } from './health';

describe('uptime as the dashboard shows it', () => {
  it.each([
    [0, 'under a minute'],
    [59, 'under a minute'],
    [5 * 60 + 30, '5 min'],
    [3 * 3600 + 12 * 60, '3 h 12 min'],
    [2 * 86400 + 3 * 3600 + 59 * 60, '2 d 3 h'],
  ])('%i s → %s', (seconds, shown) => expect(formatUptime(seconds)).toBe(shown));
});
