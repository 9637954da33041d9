/**
 * The Terms of Service and the Privacy Policy in force (docs/privacy.md, Privacy notice and terms):
 * each has a version, the date it was published. Publishing a new text means a new date here; every
 * person then accepts it once, at sign-up or at their next visit.
 */
import { formatLongDate } from './time';

export const TERMS_VERSION = '2026-11-27';
export const PRIVACY_VERSION = '2026-11-27';

/** What a sign-up or a consent sends: the versions the person was shown and agreed to. */
export const CURRENT_VERSIONS = { termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION } as const;
export type AcceptedVersions = { termsVersion: string | null; privacyVersion: string | null };

/** Whether this person has still to accept the Terms or the Privacy Policy in force (never accepted, or an older version). */
export const consentDue = (accepted: AcceptedVersions) =>
  accepted.termsVersion !== TERMS_VERSION || accepted.privacyVersion !== PRIVACY_VERSION;

export const CONSENT_MESSAGES = {
  missing: 'Please agree to the Terms of Service and confirm you have read the Privacy Policy.',
  stale: 'The Terms of Service or the Privacy Policy changed since this page was loaded. Reload it and agree to the current ones.',
} as const;

/** Where people exercise their rights under RA 10173 and reach the data protection officer. */
export const DPO_EMAIL = 'dpo@parkada.ph';

/** The public pages every footer links to, signed in or out. */
export const SITE_PAGES = [
  { to: '/about', label: 'About Us' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/help', label: 'Help' },
] as const;

/** A version as the page states it: "November 27, 2026". */
export const versionDate = (version: string) => formatLongDate(version);
