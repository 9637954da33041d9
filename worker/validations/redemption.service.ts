/**
 * Redeeming merchant validations (docs/passes.md, "Merchant validations"): the gate or the driver
 * redeems a printed code, the merchant's cashier validates a parked car on the merchant link; each
 * only on a stay still inside, within the merchant's per-stay cap, with its audit entry in its batch.
 */
import { formatPeso } from '../../core/money';
import { refusal } from '../../core/refusal';
import { formatDateTime, MINUTE_MS } from '../../core/time';
import { maskPlate } from '../../core/vehicles';
import { MERCHANT_LINK_LIMIT, MERCHANT_LINK_WINDOW_MS, worthLabel, type ValidationWorth } from '../../core/validations';
import { attemptLimiter } from '../auth/auth.service';
import { auditStatement } from '../audit/audit.data';
import { commit, type DB } from '../db/client';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import { newId } from '../db/ids';
import type { Bindings, SessionUser } from '../env';
import { assertWorksLot } from '../lots/lots.service';
import { lotObject } from '../lot-object/stub';
import { ownReservationAnywhere } from '../reservations/reservations.service';
import {
  findCode,
  findMerchant,
  findOpenStay,
  findStay,
  linkValidationInsert,
  merchantOfLink,
  redeemStatement,
  validationsOfStay,
  type Stay,
  type StayValidation,
} from './validations.data';

/** What a stay's validations look like to the gate and the receipt. */
const validationView = (row: StayValidation) => ({
  id: row.id,
  merchantName: row.merchantName,
  source: row.source,
  code: row.code,
  hours: row.hours,
  amountCents: row.amountCents,
  label: worthLabel(row, formatPeso),
  valueCents: row.valueCents,
});

/** Whether a stay already has the most a merchant gives (pesos off counted up to its cap). */
const overCap = (applied: StayValidation[], merchantId: string, cap: number | null) =>
  cap !== null && applied.filter((row) => row.merchantId === merchantId).reduce((sum, row) => sum + (row.amountCents ?? 0), 0) >= cap;

/** Refuses a merchant's validation on a stay over its cap. */
function assertUnderCap(applied: StayValidation[], merchantId: string, cap: number | null, merchantName: string) {
  if (overCap(applied, merchantId, cap))
    throw refusal('conflict', `This stay already has ${formatPeso(cap!)} validated by ${merchantName}, the most it gives one stay.`);
}

/**
 * The audit entry of a validation redeemed on a stay, for the redemption's own batch (after its
 * `abortUnlessChanged`, which reads the redemption's row count): whose validation (the merchant, at
 * which lot), which stay, what it takes off, and how it came (a code, or the cashier's link).
 */
const redemptionAudit = (
  db: DB,
  actor: Parameters<typeof auditStatement>[1],
  input: {
    validationId: string;
    source: 'code' | 'link';
    code?: string;
    merchant: { id: string; name: string; lotId: string; lotName: string };
    stay: { id: string; plate: string; reservationId?: string | null };
    worth: ValidationWorth;
  },
) =>
  auditStatement(db, actor, {
    action: 'REDEEM_VALIDATION',
    subject: `checkin:${input.stay.id}`,
    context: {
      validationId: input.validationId,
      source: input.source,
      code: input.code,
      merchantId: input.merchant.id,
      merchant: input.merchant.name,
      lotId: input.merchant.lotId,
      lot: input.merchant.lotName,
      plate: input.stay.plate,
      reservationId: input.stay.reservationId ?? null,
      hours: input.worth.hours,
      amountCents: input.worth.amountCents,
      worth: worthLabel(input.worth, formatPeso),
    },
  });

const STAY_GONE = 'This car has already left (or its check-in was undone): a validation applies only before the exit.';

/**
 * POST /api/checkins/:checkinId/validations: the gate redeems a printed code on a stay still inside
 * the lot. A code is used once: its conditional UPDATE matches only while unredeemed, so of two
 * requests at once exactly one redeems it and the other is refused.
 */
export async function applyCode(
  ctx: { env: Bindings; db: DB; user: SessionUser },
  checkinId: string,
  input: { code: string; lotId: string },
  now = new Date(),
) {
  const { db, user } = ctx;
  await assertWorksLot(db, user, input.lotId);
  const checkin = await findStay(db, checkinId);
  // A stay moved out of D1 into its lot's object has left (docs/gate.md, Where a stay lives).
  if (!checkin && (await lotObject(ctx.env, input.lotId).stay(checkinId))) throw refusal('conflict', STAY_GONE);
  if (!checkin || checkin.lotId !== input.lotId) throw refusal('not_found', 'No such check-in at this lot.');
  if (checkin.exitTs || checkin.undoneAt) throw refusal('conflict', STAY_GONE);
  return redeemCode(db, user, checkin, input.code, now);
}

/**
 * POST /api/reservations/:id/validations: the driver, on their stay's screen before leaving, enters the
 * code the merchant gave them; the same rules as at the gate. Only their own reservation, checked in.
 */
export async function applyCodeAsDriver(env: Bindings, db: DB, user: SessionUser, reservationId: string, code: string, now = new Date()) {
  // An archived booking (docs/payments.md, Archive) has no stay inside: refused as any ended one is.
  const reservation = await ownReservationAnywhere(env, db, user.id, reservationId);
  const checkin = await findOpenStay(db, reservation.lotId, { reservationId });
  if (!checkin) throw refusal('conflict', 'A validation applies to a stay that is checked in and has not left yet.');
  return redeemCode(db, user, checkin, code, now);
}

async function redeemCode(db: DB, user: SessionUser, checkin: Stay, code: string, now: Date) {
  const checkinId = checkin.id;
  const input = { code };
  const found = await findCode(db, input.code);
  if (!found) throw refusal('not_found', `No validation code ${input.code}: check it for typing errors.`);
  const { validation, merchantName, lotName } = found;
  if (validation.lotId !== checkin.lotId)
    throw refusal('conflict', `Code ${input.code} is a validation of ${merchantName} at ${lotName}: it does not work at this lot.`);
  if (validation.redeemedAt)
    throw refusal('conflict', `Code ${input.code} was already used on ${formatDateTime(validation.redeemedAt)}: a code works once.`);
  if (Date.parse(validation.expiresAt) <= now.getTime())
    throw refusal('conflict', `Code ${input.code} expired on ${formatDateTime(validation.expiresAt)}.`);
  const applied = await validationsOfStay(db, checkinId);
  const merchant = await findMerchant(db, validation.merchantId);
  assertUnderCap(applied, validation.merchantId, merchant!.merchant.perStayCapCents, merchantName);
  try {
    await commit(db, [
      redeemStatement(db, { id: validation.id, checkinId, userId: user.id, now }),
      abortUnlessChanged(db),
      redemptionAudit(db, user, {
        validationId: validation.id,
        source: 'code',
        code: validation.code ?? input.code,
        merchant: { id: validation.merchantId, name: merchantName, lotId: validation.lotId, lotName },
        stay: checkin,
        worth: validation,
      }),
    ]);
  } catch (error) {
    if (!changedMeanwhile(error)) throw error;
    const again = await findStay(db, checkinId);
    if (again?.exitTs || again?.undoneAt) throw refusal('conflict', STAY_GONE);
    throw refusal('conflict', `Code ${input.code} was used a moment ago: a code works once.`);
  }
  return { checkinId, validations: (await validationsOfStay(db, checkinId)).map(validationView) };
}

/** GET /api/merchant-links/:token: what the cashier's page shows; a revoked or unknown link is a 404. */
export async function merchantLink(db: DB, token: string) {
  const found = await merchantOfLink(db, token);
  if (!found)
    throw refusal('not_found', 'This merchant link does not work: it was revoked or replaced. Ask the parking lot for a new one.');
  const { merchant, lotName } = found;
  return {
    merchantName: merchant.name,
    lotName,
    worth: worthLabel({ hours: merchant.linkHours, amountCents: merchant.linkAmountCents }, formatPeso),
  };
}

/**
 * POST /api/merchant-links/:token/validations: the merchant's cashier validates a car parked at the
 * merchant's lot by its plate. No account: the token is the authority, limited to its merchant and
 * lot, revocable, and at most MERCHANT_LINK_LIMIT validations per window per merchant.
 */
export async function validateOnLink(
  env: Pick<Bindings, 'ATTEMPT_LIMITER'>,
  db: DB,
  token: string,
  car: { plate?: string; passId?: string },
  now = new Date(),
) {
  const found = await merchantOfLink(db, token);
  if (!found)
    throw refusal('not_found', 'This merchant link does not work: it was revoked or replaced. Ask the parking lot for a new one.');
  const { merchant } = found;
  const limited = await attemptLimiter(env, `merchant-link:${merchant.id}`).take(
    [{ key: 'validate', limit: MERCHANT_LINK_LIMIT, windowMs: MERCHANT_LINK_WINDOW_MS }],
    now.getTime(),
  );
  if (!limited.ok)
    throw refusal(
      'too_many_attempts',
      `Too many validations from this link. Try again in ${Math.ceil(limited.retryAfterMs / MINUTE_MS)} minutes.`,
    );
  // One answer for every car the link cannot validate now, parked or not (docs/passes.md, "The merchant link").
  const nothingToValidate = refusal(
    'not_found',
    `Nothing to validate for ${car.passId ? `Pass ID ${car.passId}` : `plate ${car.plate}`}: no such car is parked at ${found.lotName} now, or its stay is already validated by ${merchant.name}.`,
  );
  const checkin = await findOpenStay(db, merchant.lotId, car.passId ? { passId: car.passId } : { plate: car.plate });
  if (!checkin) throw nothingToValidate;
  const applied = await validationsOfStay(db, checkin.id);
  if (
    applied.some((row) => row.merchantId === merchant.id && row.source === 'link') ||
    overCap(applied, merchant.id, merchant.perStayCapCents)
  )
    throw nothingToValidate;
  const id = newId();
  try {
    await commit(db, [
      linkValidationInsert(db, {
        id,
        merchantId: merchant.id,
        lotId: merchant.lotId,
        hours: merchant.linkHours,
        amountCents: merchant.linkAmountCents,
        checkinId: checkin.id,
        now,
      }),
      abortUnlessChanged(db),
      redemptionAudit(
        db,
        { accountless: `Cashier link of ${merchant.name} (${found.lotName})` },
        {
          validationId: id,
          source: 'link',
          merchant: { id: merchant.id, name: merchant.name, lotId: merchant.lotId, lotName: found.lotName },
          stay: checkin,
          worth: { hours: merchant.linkHours, amountCents: merchant.linkAmountCents },
        },
      ),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) throw nothingToValidate;
    throw error;
  }
  return {
    plate: maskPlate(checkin.plate),
    merchantName: merchant.name,
    worth: worthLabel({ hours: merchant.linkHours, amountCents: merchant.linkAmountCents }, formatPeso),
    validatedAt: now.toISOString(),
  };
}
