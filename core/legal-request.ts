/** The body of an acceptance of the Terms and the Privacy Policy (at sign-up, or of a new version): only the versions in force are accepted. */
import { z } from 'zod';
import { CONSENT_MESSAGES, PRIVACY_VERSION, TERMS_VERSION } from './legal';

const version = (current: string) =>
  z.string({ error: CONSENT_MESSAGES.missing }).refine((accepted) => accepted === current, CONSENT_MESSAGES.stale);

export const acceptanceFields = { termsVersion: version(TERMS_VERSION), privacyVersion: version(PRIVACY_VERSION) };
export const consentSchema = z.object(acceptanceFields);
