/**
 * The steps every paid change of a reservation shares (booking, change of window, extension): the
 * batch written on a held slot, the refusal of a short wallet, and what follows a payment.
 */
import { formatPeso } from '../../core/money';
import { refusal } from '../../core/refusal';
import { afterCommit } from '../db/after-commit';
import { commit } from '../db/client';
import { changedMeanwhile } from '../db/guards';
import { isIdempotencyRace } from '../db/idempotency-keys';
import type { BookingRecord, SlotAuthority } from '../lot-object/protocol';
import { notify } from '../notifications/notifications.service';
import { notificationStatement, type Notice } from '../notifications/notifications.statements';
import { autoTopupIfLow, driverWallet, type SpendResult } from '../wallet/wallet.service';
import type { WalletAfter } from '../wallet/wallet.data';
import { CHANGED_MEANWHILE, HOLD_EXPIRED, INSUFFICIENT, NOT_CONFIRMED, type BookingContext } from './booking-context.service';
import { holdLapsed } from './holds.statements';

const insufficient = (missingCents: number, balanceCents: number, amountCents: number) =>
  refusal('insufficient_funds', INSUFFICIENT, {
    missingCents,
    balanceCents,
    amountCents,
    detail: `Top up at least ${formatPeso(missingCents)} to book.`,
  });

/** A wallet payment for parking was refused: the driver hears why (PAYMENT_FAILED) and gets the 402. */
export async function paymentRefused(
  ctx: BookingContext,
  userId: string,
  what: string,
  shortfall: { missingCents: number; balanceCents: number; amountCents: number },
) {
  await ctx.afterCommit('Payment failure notice', () =>
    notify(ctx.db, userId, {
      type: 'PAYMENT_FAILED',
      title: 'Payment failed',
      message: `${what}: ${formatPeso(shortfall.amountCents)} is due but your wallet holds ${formatPeso(shortfall.balanceCents)}. Top up at least ${formatPeso(shortfall.missingCents)} and try again.`,
    }),
  );
  return insufficient(shortfall.missingCents, shortfall.balanceCents, shortfall.amountCents);
}

/**
 * What follows a committed payment: the driver hears of it, then of any other `notices` of the change
 * (one write, listing in that order), and the auto top-up rule gets its turn. `wallet`: as the
 * payment's batch left it, when the payment read it there.
 */
export async function afterPayment(
  ctx: BookingContext,
  userId: string,
  what: string,
  amountCents: number,
  wallet?: WalletAfter,
  notices: Notice[] = [],
) {
  await ctx.afterCommit('Payment notice', async () => {
    const { balanceCents } = wallet ?? (await driverWallet(ctx.db, userId));
    const paid: Notice = {
      type: 'PAYMENT_SUCCESS',
      title: 'Payment successful',
      message: `${formatPeso(amountCents)} paid from your wallet for ${what}. Balance ${formatPeso(balanceCents)}.`,
    };
    const at = Date.now();
    await commit(
      ctx.db,
      [paid, ...notices].map((notice, i) => notificationStatement(ctx.db, userId, notice, new Date(at + i))),
    );
  });
  await ctx.afterCommit('Auto top-up', () => autoTopupIfLow(ctx.env, ctx.db, userId, wallet));
}

/** What a change's write answers: the wallet's result, or plain success when no money moved. */
export type WriteResult = SpendResult | { ok: true; wallet?: undefined };

/**
 * Runs a change's D1 batch on a held slot. A batch refused by a constraint (the hold lapsed, the
 * record moved on, a twin request, a short wallet) wrote nothing: its hold is released and the
 * refusal says why. Any other error may have come after the commit (a lost connection): the hold is
 * left to lapse and the object's alarm settles it through the claim, following D1 whichever way it
 * went; the driver is asked to retry with the same key, which answers the outcome. Once the batch
 * commits, the hold is committed to the record; a lost commit is likewise the alarm's to finish.
 */
export async function writeOnHold<R extends WriteResult>(
  lot: SlotAuthority,
  holdId: string,
  record: BookingRecord,
  write: () => Promise<R>,
  now: Date,
): Promise<R> {
  const release = () => afterCommit('Releasing a hold', async () => lot.releaseHold(holdId));
  let result: R;
  try {
    result = await write();
  } catch (error) {
    const refused = holdLapsed(error) || changedMeanwhile(error) || isIdempotencyRace(error);
    if (!refused) {
      console.error('Booking write failed without a definite outcome; the alarm settles its hold', record.reservationId, error);
      throw refusal('unavailable', NOT_CONFIRMED);
    }
    await release();
    if (holdLapsed(error)) throw refusal('conflict', HOLD_EXPIRED);
    if (changedMeanwhile(error)) throw refusal('conflict', CHANGED_MEANWHILE);
    throw error;
  }
  if (!result.ok) {
    await release();
    return result;
  }
  await afterCommit('Committing a hold to the lot object', async () => {
    const followed = await lot.commit(holdId, record, now.getTime());
    if (!followed.ok) console.error('Lot object refused a committed booking', record, followed);
  });
  return result;
}
