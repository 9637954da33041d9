import { describe, expect, it } from 'vitest';
import { relativeTime } from './time';

const now = new Date('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

it.each([
  [ago(30_000), 'Just now'],
  [ago(5 * 60_000), '5m ago'],
  [ago(3 * 3600_000), '3h ago'],
  [ago(2 * 86400_000), '2d ago'],
  [ago(10 * 86400_000), 'Nov 13, 2026'],
])('%s is shown as %s (spec 2.12)', (iso, text) => expect(relativeTime(iso, now)).toBe(text));

describe('Manila datetime-local inputs', () => {
  it('round-trips an instant through Manila wall time', async () => {
    const { toManilaInput, fromManilaInput, nextQuarterHour } = await import('./time');
    expect(toManilaInput(new Date('2026-11-23T16:05:00Z'))).toBe('2026-11-24T00:05');
    expect(fromManilaInput('2026-11-24T00:05')).toBe('2026-11-23T16:05:00.000Z');
    expect(nextQuarterHour(new Date('2026-11-23T10:01:00Z')).toISOString()).toBe('2026-11-23T10:15:00.000Z');
    expect(nextQuarterHour(new Date('2026-11-23T10:15:00Z')).toISOString()).toBe('2026-11-23T10:15:00.000Z');
  });
});

it.each([
  [0, '0m'],
  [45, '45m'],
  [60, '1h 0m'],
  [125.9, '2h 5m'],
])('%s minutes read as %s', async (minutes, text) => {
  const { formatDuration } = await import('./time');
  expect(formatDuration(minutes)).toBe(text);
});
