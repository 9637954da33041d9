/**
 * The QR pass: a JWT (HS256, jose) of the reservation, plate, lot and validity, signed with
 * PASS_SIGNING_SECRET. The gate verifies it with the secret alone, no database call; the claims
 * say which reservation to check in.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { Bindings } from '../env';

export type PassClaims = { reservationId: string; plate: string; lotId: string; slot: string | null; validFrom: string; validUntil: string };

const ISSUER = 'parkada';
const AUDIENCE = 'parkada-gate';
const keyOf = (env: Bindings) => {
  if (!env.PASS_SIGNING_SECRET) throw new Error('PASS_SIGNING_SECRET is not configured');
  return new TextEncoder().encode(env.PASS_SIGNING_SECRET);
};

export async function signPass(env: Bindings, claims: PassClaims): Promise<string> {
  return new SignJWT({ plate: claims.plate, lot: claims.lotId, slot: claims.slot, nbf: Math.floor(new Date(claims.validFrom).getTime() / 1000) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.reservationId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(new Date(claims.validUntil).getTime() / 1000))
    .sign(keyOf(env));
}

/** The claims of a genuine, unexpired pass, or null. `now` lets the gate accept early arrivals. */
export async function verifyPass(env: Bindings, token: string, now = new Date()): Promise<PassClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(env), { issuer: ISSUER, audience: AUDIENCE, currentDate: now, clockTolerance: 15 * 60 });
    return {
      reservationId: payload.sub!,
      plate: String(payload.plate),
      lotId: String(payload.lot),
      slot: (payload.slot as string | null) ?? null,
      validFrom: new Date((payload.nbf ?? 0) * 1000).toISOString(),
      validUntil: new Date((payload.exp ?? 0) * 1000).toISOString(),
    };
  } catch {
    return null;
  }
}
