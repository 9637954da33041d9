/**
 * One-click unsubscribe from promotional e-mail (RFC 8058; docs/notifications.md). The link names the
 * person in a token signed with EMAIL_LINK_SECRET (HS256, no expiry: an old e-mail's link keeps
 * working); the mail provider POSTs it with `List-Unsubscribe=One-Click` and no session, and
 * Promotional E-mails is switched off.
 */
import { jwtVerify, SignJWT } from 'jose';
import { refusal } from '../../core/refusal';
import { updatePreferences } from '../preferences/preferences.data';
import type { DB } from '../db/client';
import type { Bindings } from '../env';
import { usableSecret } from '../http/development-secrets';

const PURPOSE = 'unsubscribe-promotional';

function keyOf(env: Bindings) {
  const secret = usableSecret(env, 'EMAIL_LINK_SECRET');
  if (!secret) throw refusal('unavailable', 'Unsubscribe links are not set up on this server.');
  return new TextEncoder().encode(secret);
}

/** The link a promotional e-mail's List-Unsubscribe header and footer carry. */
export async function unsubscribeLink(env: Bindings, origin: string, userId: string): Promise<string> {
  const token = await new SignJWT({ purpose: PURPOSE }).setProtectedHeader({ alg: 'HS256' }).setSubject(userId).sign(keyOf(env));
  return `${origin}/api/email/unsubscribe?token=${token}`;
}

export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid.';

/** Switches promotional e-mail off for the person the token names; a 400 for a token not ours. */
export async function unsubscribe(env: Bindings, db: DB, token: string): Promise<void> {
  const claims = await jwtVerify(token, keyOf(env), { algorithms: ['HS256'] }).then(
    ({ payload }) => payload,
    () => null,
  );
  if (!claims?.sub || claims.purpose !== PURPOSE) throw refusal('invalid', UNSUBSCRIBE_LINK_INVALID);
  await updatePreferences(db, claims.sub, { promotionalEmails: false });
}
