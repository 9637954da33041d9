/**
 * A companion's link to a reservation's pass: a JWT signed with the pass keys (ES256, jose) for its
 * own audience, so it never opens a gate and a pass never opens a shared page. Claims: `sub` the
 * reservation, `sid` the share id the reservation holds while shared. It carries no expiry: the
 * booking's status ends it, and revoking clears the share id, so an issued link dies with either.
 */
import { SignJWT } from 'jose';
import { Refusal } from '../../core/refusal';
import type { Bindings } from '../env';
import { ISSUER, PASS_ALGORITHM, passKeys, verifySigned } from './pass-keys';

const SHARE_AUDIENCE = 'parkada-shared-pass';

export type PassShare = { reservationId: string; shareId: string };

export async function signPassShare(env: Bindings, share: PassShare): Promise<string> {
  const { signing } = await passKeys(env);
  return new SignJWT({ sid: share.shareId })
    .setProtectedHeader({ alg: PASS_ALGORITHM, kid: signing.kid, typ: 'JWT' })
    .setSubject(share.reservationId)
    .setIssuer(ISSUER)
    .setAudience(SHARE_AUDIENCE)
    .setIssuedAt()
    .sign(signing.key);
}

/** The share a genuine link names, or null for anything else (forged, altered, another kind of token, not a JWT). */
export async function verifyPassShare(env: Bindings, token: string, now = new Date()): Promise<PassShare | null> {
  try {
    const payload = await verifySigned(env, token, SHARE_AUDIENCE, ['sub', 'sid'], now);
    return typeof payload.sid === 'string' ? { reservationId: payload.sub!, shareId: payload.sid } : null;
  } catch (error) {
    // Keys not configured is the platform's fault (503), not the link's.
    if (error instanceof Refusal) throw error;
    return null;
  }
}
