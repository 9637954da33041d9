/**
 * The gate checks a scanned pass on the device, before and without the server (docs/passes.md):
 * ES256 only, under one of the published keys, issuer `parkada`, audience `parkada-gate`, inside its
 * own window (`nbf` already allows the 15 minutes of early arrival; no tolerance after `exp`). The
 * lot's revoked list (cancelled, ended or already inside) and the cars this device let in offline
 * catch a genuine pass that must not enter. The server checks the pass again when the entry reaches it.
 */
import { createLocalJWKSet, decodeJwt, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import { scheduleLabel, validAt, type PassSchedule } from '../../../core/monthly-passes';
import { formatDateTime } from '../../../core/time';
import { PAY_CODE_AUDIENCE, type PayCodeClaims } from '../../../core/wallet';
import type { PublicKeys } from './gate-api';

export type ScannedPass = {
  token: string;
  /** The reservation's id, or a monthly pass's (`monthly`). */
  reservationId: string;
  plate: string;
  lotId: string;
  slot: string | null;
  validUntil: string;
  /** A monthly pass: its valid hours, as the gate says them. */
  monthly?: { hours: string };
};
const MONTHLY_AUDIENCE = 'parkada-gate-monthly';
export type PassCheck = { valid: true; pass: ScannedPass } | { valid: false; message: string };

export type PassContext = {
  jwks: PublicKeys | null;
  lotId: string;
  /** Reservations of this lot whose pass must not enter although it is genuine. */
  revoked: readonly string[];
  /** Whether this device let the car in and has not let it out (the revoked list may predate that). */
  insideOnDevice: (reservationId: string) => Promise<boolean>;
  now: Date;
  /**
   * An exit only needs to know which car it is: an overstaying car's pass has expired, which is
   * charged at the exit, not refused, and a car inside is on the revoked list by definition.
   */
  purpose: 'entry' | 'exit';
};

export const PASS_MESSAGES = {
  noKeys: 'Pass keys are not on this device yet. Connect once to verify passes offline.',
  forged: 'This is not a genuine Parkada pass.',
  expired: 'This pass has expired.',
  revoked: 'This pass is no longer valid: the reservation was cancelled, has ended or is already inside.',
  otherLot: 'This pass is for another parking lot.',
  notYetValid: (from: string) => `This pass is not valid yet: entry opens ${formatDateTime(from)}.`,
  outsideHours: (hours: string) => `This monthly pass is valid ${hours} (Manila time), not now.`,
};

export async function checkPass(token: string, context: PassContext): Promise<PassCheck> {
  if (!context.jwks) return { valid: false, message: PASS_MESSAGES.noKeys };
  let nbf: number | undefined;
  try {
    nbf = decodeJwt(token).nbf;
  } catch {
    return { valid: false, message: PASS_MESSAGES.forged };
  }
  const verifyAt = context.purpose === 'exit' && nbf !== undefined ? new Date(nbf * 1000) : context.now;
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(context.jwks as unknown as JSONWebKeySet), {
      algorithms: ['ES256'],
      issuer: 'parkada',
      // A reservation's pass, or a monthly pass (its own audience, so neither passes for the other).
      audience: ['parkada-gate', MONTHLY_AUDIENCE],
      requiredClaims: ['sub', 'nbf', 'exp'],
      currentDate: verifyAt,
    });
    const monthly = payload.aud === MONTHLY_AUDIENCE;
    const [daysMask, openMinute, closeMinute] = monthly && Array.isArray(payload.sched) ? (payload.sched as number[]) : [];
    const schedule: PassSchedule | null = monthly ? { daysMask, openMinute, closeMinute } : null;
    if (monthly && !schedule?.daysMask) return { valid: false, message: PASS_MESSAGES.forged };
    const pass: ScannedPass = {
      token,
      reservationId: payload.sub!,
      plate: String(payload.plate),
      lotId: String(payload.lot),
      slot: typeof payload.slot === 'string' ? payload.slot : null,
      validUntil: new Date(payload.exp! * 1000).toISOString(),
      ...(schedule && { monthly: { hours: scheduleLabel(schedule) } }),
    };
    if (pass.lotId !== context.lotId) return { valid: false, message: PASS_MESSAGES.otherLot };
    if (schedule && context.purpose === 'entry' && !validAt(schedule, context.now.getTime()))
      return { valid: false, message: PASS_MESSAGES.outsideHours(scheduleLabel(schedule)) };
    if (
      context.purpose === 'entry' &&
      (context.revoked.includes(pass.reservationId) || (await context.insideOnDevice(pass.reservationId)))
    ) {
      return { valid: false, message: PASS_MESSAGES.revoked };
    }
    return { valid: true, pass };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { valid: false, message: PASS_MESSAGES.expired };
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf')
      return { valid: false, message: PASS_MESSAGES.notYetValid(new Date(nbf! * 1000).toISOString()) };
    return { valid: false, message: PASS_MESSAGES.forged };
  }
}

/**
 * A scanned driver's pay code (by its audience), with the lot and limit it names, read from its claims
 * unverified, to show the attendant; null for anything else. The server verifies its signature when
 * the check-out is sent, and refuses another lot's code or a stay above its limit.
 */
export function scannedPayCode(token: string): (PayCodeClaims & { token: string }) | null {
  try {
    const { aud, lotId, lotName, limitCents } = decodeJwt(token);
    const isPayCode = aud === PAY_CODE_AUDIENCE || (Array.isArray(aud) && aud.includes(PAY_CODE_AUDIENCE));
    if (!isPayCode) return null;
    return { token, lotId: String(lotId ?? ''), lotName: String(lotName ?? ''), limitCents: Number(limitCents ?? 0) };
  } catch {
    return null;
  }
}
