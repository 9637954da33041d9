/** The price of a stay at its exit (docs/gate.md, Exit and charges). */
import { chargePastDeclaredExit, gateCharge } from '../../core/gate';
import { formatPeso } from '../../core/money';
import { coveredUntil } from '../../core/monthly-passes';
import { validatedCharge, worthLabel } from '../../core/validations';
import { quote } from '../../core/pricing';
import { linesLessVoucher, type CardLine } from '../../core/rate-card';
import { HOUR_MS } from '../../core/time';
import { vehicleOfSlot } from '../../core/vehicles';
import type { DB } from '../db/client';
import type { Bindings } from '../env';
import { passAndRenewals, termOf } from '../monthly-passes/monthly-passes.service';
import { bookableLot } from '../reservations/reservations.service';
import { voucherAtExit, type VoucherUse } from '../rewards/rewards.service';
import { stayValidations } from '../validations/validations.service';
import { verifyPayCode } from '../wallet/wallet.service';
import { findGateReservation, type CheckinView } from './checkins.data';

/**
 * The time past the valid hours a pass car entered in, carried on through the pass's renewals (a car
 * inside when its pass renews stays covered): when its cover ended, or null for a car on no pass.
 */
async function passCoverEnd(db: DB, passId: string | null, entryMs: number, at: Date) {
  const passes = passId ? await passAndRenewals(db, passId, at.toISOString()) : [];
  return passes.length ? (coveredUntil(passes.map(termOf), entryMs) ?? entryMs) : null;
}

/**
 * The stay left at `at`, as the gate prices it: its lot, its reservation, until when its booking or
 * pass covered it, the vehicle class of its slot, and whether its ticket was lost (a rate card's fee).
 */
async function stayAt(db: DB, checkin: CheckinView, at: Date, lostTicket = false) {
  const lot = (await bookableLot(db, checkin.lotId))!;
  const reservation = checkin.reservationId && !checkin.walkIn ? await findGateReservation(db, checkin.reservationId) : null;
  const entryMs = Date.parse(checkin.entryTs);
  const passEndMs = reservation ? null : await passCoverEnd(db, checkin.monthlyPassId, entryMs, at);
  const reservedUntilMs = reservation ? Date.parse(reservation.endTs) : passEndMs;
  const vehicleType = vehicleOfSlot(lot.slots, checkin.slotId);
  const stay = { entryMs, exitMs: at.getTime(), reservedUntilMs, pricing: lot.pricing, vehicleType, lostTicket };
  return { lot, reservation, passEndMs, stay };
}

/**
 * What the stay owes at the gate, leaving `at`: a walk-in its whole time, a reservation only the time
 * past its end, a plate whose monthly pass covers its entry only the time past the valid hours it
 * entered in (an overstay at the lot's rate); less the merchant validations redeemed on it (never
 * below zero; prepaid time is never paid back).
 */
export async function priceOfStay(db: DB, checkin: CheckinView, at: Date, lostTicket = false) {
  const { lot, reservation, passEndMs, stay } = await stayAt(db, checkin, at, lostTicket);
  const { hours, lines } = gateCharge(stay);
  const applied = await stayValidations(db, checkin.id);
  const priced = validatedCharge(stay, applied, new Map(applied.map((row) => [row.merchantId, row.perStayCapCents])));
  const validations = applied.map((row, index) => ({
    id: row.id,
    merchantName: row.merchantName,
    label: worthLabel(row, formatPeso),
    code: row.code,
    valueCents: priced.values[index].valueCents,
  }));
  const what = reservation
    ? `Overstay at ${lot.name} (${hours} h)`
    : passEndMs !== null
      ? `Parking at ${lot.name} (${hours} h after the monthly pass)`
      : `Parking at ${lot.name} (${hours} h, walk-in)`;
  return { lot, reservation, amountCents: priced.netCents, validatedCents: priced.validatedCents, validations, what, lines };
}
export type StayPrice = Omit<Awaited<ReturnType<typeof priceOfStay>>, 'lines'> & { voucher?: VoucherUse; lines?: CardLine[] };

/**
 * What a stay its driver declared out by tap owes when the gate sees the car leave `at`: the time past
 * the declared exit, by the lot's rules (core/gate.ts chargePastDeclaredExit). Merchant validations
 * gave their value at the declared exit.
 */
export async function priceAfterDeclaredExit(db: DB, checkin: CheckinView & { exitTs: string }, at: Date): Promise<StayPrice> {
  const { lot, reservation, stay } = await stayAt(db, checkin, at);
  const { hours, amountCents } = chargePastDeclaredExit({ ...stay, declaredExitMs: Date.parse(checkin.exitTs) });
  return { lot, reservation, amountCents, validatedCents: 0, validations: [], what: `Past the declared exit at ${lot.name} (${hours} h)` };
}

/**
 * A stay that is not a reservation's, paid with a pay code naming a free-hour voucher of its driver:
 * one hour at the lot's rate from the entry off the price (never below zero), the voucher spent in the
 * exit's batch (docs/wallet.md, Rewards). A voucher that is not usable is left out, never refused.
 */
export async function withExitVoucher(
  ctx: { env: Bindings; db: DB },
  price: StayPrice,
  stay: { entryTs: string },
  payCode: string | undefined,
  now: Date,
): Promise<StayPrice> {
  if (!payCode || price.reservation || price.amountCents === 0) return price;
  const check = await verifyPayCode(ctx.env, payCode, now);
  if (!check.valid || !check.code.voucherId) return price;
  const hourCents = quote(price.lot.pricing, HOUR_MS, Date.parse(stay.entryTs)).totalCents;
  const voucher = await voucherAtExit(ctx.db, check.code.userId, check.code.voucherId, { hourCents, amountCents: price.amountCents }, now);
  if (!voucher) return price;
  return {
    ...price,
    amountCents: price.amountCents - voucher.amountOffCents,
    voucher,
    lines: linesLessVoucher(price.lines, voucher.amountOffCents),
  };
}
