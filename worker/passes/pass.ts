/**
 * The QR pass: a JWT (ES256, jose) naming the reservation, plate, lot and slot, valid from 15
 * minutes before the start until the end. A gate checks it against the published public keys
 * alone, no database call; the claims say which reservation to check in.
 */
import { SignJWT } from 'jose';
import { passValidity } from '../../core/passes';
import type { Bindings } from '../env';
import { ISSUER, PASS_ALGORITHM, passKeys, passRefusalOf, type PassRefusal, verifySigned } from './pass-keys';

const AUDIENCE = 'parkada-gate';

export type PassSubject = { reservationId: string; plate: string; lotId: string; slot: string | null; startTs: string; endTs: string };
type PassClaims = {
  reservationId: string;
  plate: string;
  lotId: string;
  slot: string | null;
  validFrom: string;
  validUntil: string;
};
/** Why a gate turns a pass away: not signed by us (or altered), used after the end, or too early. */
export type PassCheck = { valid: true; claims: PassClaims } | { valid: false; reason: PassRefusal };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function signPass(env: Bindings, pass: PassSubject): Promise<string> {
  const { signing } = await passKeys(env);
  const { validFrom, validUntil } = passValidity(pass.startTs, pass.endTs);
  return new SignJWT({ plate: pass.plate, lot: pass.lotId, slot: pass.slot })
    .setProtectedHeader({ alg: PASS_ALGORITHM, kid: signing.kid, typ: 'JWT' })
    .setSubject(pass.reservationId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setNotBefore(seconds(validFrom))
    .setExpirationTime(seconds(validUntil))
    .sign(signing.key);
}

/**
 * What a gate decides at `now`: the claims of a genuine pass inside its window, or why not. Only
 * ES256 under one of our published keys is accepted (never HS256 or `none`), and there is no
 * clock tolerance: the early-arrival allowance is already in the pass's `nbf`.
 */
export async function verifyPass(env: Bindings, token: string, now = new Date()): Promise<PassCheck> {
  try {
    const payload = await verifySigned(env, token, AUDIENCE, ['sub', 'nbf', 'exp'], now);
    return {
      valid: true,
      claims: {
        reservationId: payload.sub!,
        plate: String(payload.plate),
        lotId: String(payload.lot),
        slot: typeof payload.slot === 'string' ? payload.slot : null,
        validFrom: new Date(payload.nbf! * 1000).toISOString(),
        validUntil: new Date(payload.exp! * 1000).toISOString(),
      },
    };
  } catch (error) {
    return passRefusalOf(error);
  }
}
