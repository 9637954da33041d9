/**
 * A monthly pass's QR: a JWT signed with the same ES256 keys as reservation passes, for its own
 * audience (`parkada-gate-monthly`), so a reservation pass and a monthly pass never verify as each
 * other. Claims: `sub` the pass id, `plate`, `lot`, the valid hours (`sched`: days mask, open and
 * close minutes, Manila time), `nbf`/`exp` the period. A gate checks it with the public keys alone.
 */
import { SignJWT } from 'jose';
import type { PassSchedule } from '../../core/monthly-passes';
import type { Bindings } from '../env';
import { ISSUER, PASS_ALGORITHM, passKeys, passRefusalOf, type PassRefusal, verifySigned } from './pass-keys';

export const MONTHLY_AUDIENCE = 'parkada-gate-monthly';

export type MonthlyPassSubject = {
  passId: string;
  plate: string;
  lotId: string;
  schedule: PassSchedule;
  validFrom: string;
  validUntil: string;
};
export type MonthlyPassCheck = { valid: true; claims: MonthlyPassSubject } | { valid: false; reason: PassRefusal };

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export async function signMonthlyPass(env: Bindings, pass: MonthlyPassSubject): Promise<string> {
  const { signing } = await passKeys(env);
  const { daysMask, openMinute, closeMinute } = pass.schedule;
  return new SignJWT({ plate: pass.plate, lot: pass.lotId, sched: [daysMask, openMinute, closeMinute] })
    .setProtectedHeader({ alg: PASS_ALGORITHM, kid: signing.kid, typ: 'JWT' })
    .setSubject(pass.passId)
    .setIssuer(ISSUER)
    .setAudience(MONTHLY_AUDIENCE)
    .setIssuedAt()
    .setNotBefore(seconds(pass.validFrom))
    .setExpirationTime(seconds(pass.validUntil))
    .sign(signing.key);
}

/** Whether a token is a genuine monthly pass inside its period at `now` (its hours are the gate's to judge). */
export async function verifyMonthlyPass(env: Bindings, token: string, now = new Date()): Promise<MonthlyPassCheck> {
  try {
    const payload = await verifySigned(env, token, MONTHLY_AUDIENCE, ['sub', 'nbf', 'exp', 'sched'], now);
    const [daysMask, openMinute, closeMinute] = payload.sched as number[];
    return {
      valid: true,
      claims: {
        passId: payload.sub!,
        plate: String(payload.plate),
        lotId: String(payload.lot),
        schedule: { daysMask, openMinute, closeMinute },
        validFrom: new Date(payload.nbf! * 1000).toISOString(),
        validUntil: new Date(payload.exp! * 1000).toISOString(),
      },
    };
  } catch (error) {
    return passRefusalOf(error);
  }
}

/** The audience a token names, read without verifying (to tell which kind of pass to check it as). */
export function tokenAudience(token: string): string | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.aud === 'string' ? payload.aud : null;
  } catch {
    return null;
  }
}
