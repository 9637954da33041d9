/**
 * The "pay with Parkada" code (docs/gate.md, Who moves whose money): a JWT (ES256, the pass keys)
 * naming the driver, the one lot it pays at and the most it pays, valid for PAY_CODE_MINUTES, that
 * the driver shows and the gate scans at an exit. It is the driver's consent to pay one stay at that
 * lot, up to that limit, from their own wallet: its `jti` keys the wallet debit, so a second stay
 * cannot spend the same code.
 */
import { errors, SignJWT } from 'jose';
import { PAY_CODE_AUDIENCE, PAY_CODE_MINUTES, type PayCodeClaims } from '../../core/wallet';
import { MINUTE_MS } from '../../core/time';
import type { Bindings } from '../env';
import { ISSUER, PASS_ALGORITHM, passKeys, verifySigned } from '../passes/passes.service';

export type PayCode = PayCodeClaims & { userId: string; codeId: string; expiresAt: string };
export type PayCodeCheck = { valid: true; code: PayCode } | { valid: false; reason: 'forged' | 'expired' };

export async function signPayCode(
  env: Bindings,
  userId: string,
  consent: PayCodeClaims,
  now = new Date(),
): Promise<PayCodeClaims & { token: string; expiresAt: string }> {
  const { signing } = await passKeys(env);
  const expires = new Date(now.getTime() + PAY_CODE_MINUTES * MINUTE_MS);
  const claims: PayCodeClaims = {
    lotId: consent.lotId,
    lotName: consent.lotName,
    limitCents: consent.limitCents,
    ...(consent.voucherId && { voucherId: consent.voucherId }),
  };
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: PASS_ALGORITHM, kid: signing.kid, typ: 'JWT' })
    .setSubject(userId)
    .setJti(crypto.randomUUID())
    .setIssuer(ISSUER)
    .setAudience(PAY_CODE_AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expires.getTime() / 1000))
    .sign(signing.key);
  return { token, expiresAt: expires.toISOString(), ...claims };
}

/** A genuine, unexpired pay code's driver, lot and limit; never a pass (another audience) or any other algorithm. */
export async function verifyPayCode(env: Bindings, token: string, now = new Date()): Promise<PayCodeCheck> {
  try {
    const payload = await verifySigned(env, token, PAY_CODE_AUDIENCE, ['sub', 'jti', 'exp', 'lotId', 'lotName', 'limitCents'], now);
    return {
      valid: true,
      code: {
        userId: payload.sub!,
        codeId: payload.jti!,
        expiresAt: new Date(payload.exp! * 1000).toISOString(),
        lotId: String(payload.lotId),
        lotName: String(payload.lotName),
        limitCents: Number(payload.limitCents),
        ...(typeof payload.voucherId === 'string' && { voucherId: payload.voucherId }),
      },
    };
  } catch (error) {
    return { valid: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'forged' };
  }
}
