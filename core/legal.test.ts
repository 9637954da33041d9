import { describe, expect, it } from 'vitest';
import { consentDue, CURRENT_VERSIONS, PRIVACY_VERSION, TERMS_VERSION } from './legal';

describe('acceptance of the Terms and the Privacy Policy', () => {
  it('is due until both versions in force are accepted', () => {
    expect(consentDue({ termsVersion: null, privacyVersion: null })).toBe(true);
    expect(consentDue({ termsVersion: TERMS_VERSION, privacyVersion: '2020-01-01' })).toBe(true);
    expect(consentDue({ termsVersion: '2020-01-01', privacyVersion: PRIVACY_VERSION })).toBe(true);
    expect(consentDue(CURRENT_VERSIONS)).toBe(false);
  });
});
