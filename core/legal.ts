/**
 * The Terms of Service and the Privacy Policy in force (docs/privacy.md, Privacy notice and terms):
 * each has a version, the date it was published. Publishing a new text means a new date here; every
 * person then accepts it once, at sign-up or at their next visit.
 */
export const TERMS_VERSION = '2026-11-27';
export const PRIVACY_VERSION = '2026-11-27';

/** Where people exercise their rights under RA 10173 and reach the data protection officer. */
export const DPO_EMAIL = 'dpo@parkada.ph';

/** The public pages every footer links to, signed in or out. */
export const SITE_PAGES = [
  { to: '/about', label: 'About Us' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
] as const;

const longDate = new Intl.DateTimeFormat('en-PH', { dateStyle: 'long', timeZone: 'UTC' });
/** A version as the page states it: "November 27, 2026". */
export const versionDate = (version: string) => longDate.format(new Date(`${version}T00:00:00Z`));
