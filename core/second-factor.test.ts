import { describe, expect, it } from 'vitest';
import { newRecoveryCode, normalizeRecoveryCode, secondFactorRecent, STEP_UP_WINDOW_MS, totpStep } from './second-factor';

describe('second factor rules', () => {
  it('a factor given 15 minutes ago still counts for a sensitive change; a moment later it does not', () => {
    const givenAt = '2026-11-27T02:00:00.000Z';
    const at = Date.parse(givenAt);
    expect(secondFactorRecent(givenAt, at + STEP_UP_WINDOW_MS)).toBe(true);
    expect(secondFactorRecent(givenAt, at + STEP_UP_WINDOW_MS + 1)).toBe(false);
    expect(secondFactorRecent(null, at)).toBe(false);
  });

  it('TOTP steps are 30 seconds long', () => {
    expect(totpStep(29_999)).toBe(0);
    expect(totpStep(30_000)).toBe(1);
  });

  it('recovery codes are typed in any case, with or without the dash', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(normalizeRecoveryCode(` ${code.toUpperCase().replace('-', ' ')} `)).toBe(normalizeRecoveryCode(code));
  });
});
