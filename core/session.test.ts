import { describe, expect, it } from 'vitest';
import { secondsLeft, sessionEndsAt, sessionLive, slideDue } from './session';
import { DAY_MS } from './time';

const signIn = Date.UTC(2026, 0, 1);

describe('session lifetime', () => {
  it('ends 7 days after the last use', () => {
    const times = { createdAt: signIn, refreshedAt: signIn };
    expect(sessionEndsAt(times)).toBe(signIn + 7 * DAY_MS);
    expect(sessionLive(times, signIn + 7 * DAY_MS - 1)).toBe(true);
    expect(sessionLive(times, signIn + 7 * DAY_MS)).toBe(false);
    expect(secondsLeft(times, signIn)).toBe(7 * 24 * 3600);
  });

  it('never lasts beyond 30 days from sign-in, however recently it slid', () => {
    const times = { createdAt: signIn, refreshedAt: signIn + 29 * DAY_MS };
    expect(sessionEndsAt(times)).toBe(signIn + 30 * DAY_MS);
    expect(sessionLive(times, signIn + 30 * DAY_MS)).toBe(false);
    expect(secondsLeft(times, signIn + 29 * DAY_MS)).toBe(24 * 3600);
  });

  it('slides at most once a day', () => {
    const times = { createdAt: signIn, refreshedAt: signIn };
    expect(slideDue(times, signIn + DAY_MS)).toBe(false);
    expect(slideDue(times, signIn + DAY_MS + 1)).toBe(true);
  });
});
