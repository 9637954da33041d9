/**
 * Monthly passes (docs/monthly-passes.md): owners offer them per lot, drivers buy them from the
 * wallet. A sale is one D1 batch: the pass, the idempotency key and the wallet's PAYMENT row; the
 * pass insert's own trigger refuses a sale past the month's passes, the wallet's CHECK an overdraft,
 * and the rollups count the money in the same transaction.
 */
import { eq } from 'drizzle-orm';
import type { BuyPassRequest } from '../../core/monthly-pass-request';
import { passMonthRefusal, passMonthsOnSale, passPriceAt, passState, type PassPlan } from '../../core/monthly-passes';
import { formatPeso } from '../../core/money';
import { notFound, refusal } from '../../core/refusal';
import { formatMonth, manilaMonthOf } from '../../core/time';
import { auditStatement } from '../audit/audit.data';
import { afterCommit } from '../db/after-commit';
import type { DB } from '../db/client';
import { violates } from '../db/constraints';
import { priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import { newId } from '../db/ids';
import { lots } from '../db/schema';
import type { SessionUser } from '../env';
import { assertManagesLot } from '../lots/lot-access';
import { notify } from '../notifications/notifications.data';
import { walletOf } from '../wallet/wallet.data';
import { payFromWallet } from '../wallet/wallet.service';
import { findPass, passesOfDriver, passesOfLotMonth, passInsert, passPlanOf, savePassPlan, soldPerMonth } from './monthly-passes.data';

const SOLD_OUT = (month: string) => `Monthly passes for ${formatMonth(month)} are sold out at this lot.`;
const NOT_OFFERED = 'This lot does not sell monthly passes.';

/** The months on sale with their price at `now` and the passes left: what a driver is offered. */
async function monthsOffered(db: DB, lotId: string, plan: PassPlan, now: Date) {
  const months = passMonthsOnSale(now);
  const sold = await soldPerMonth(db, lotId, months);
  return months.map((month) => ({
    month,
    label: formatMonth(month),
    priceCents: passPriceAt(plan.priceCents, month, now),
    left: Math.max(0, plan.capacity - (sold.get(month) ?? 0)),
  }));
}

async function sellingLot(db: DB, lotId: string) {
  const [lot] = await db
    .select({ id: lots.id, name: lots.name, isApproved: lots.isApproved, isActive: lots.isActive })
    .from(lots)
    .where(eq(lots.id, lotId));
  if (!lot) throw notFound('Parking lot');
  return lot;
}

/** GET /api/lots/:id/monthly-pass: whether the lot sells passes, at what price, and how many are left per month. */
export async function passOffer(db: DB, lotId: string, now: Date) {
  const lot = await sellingLot(db, lotId);
  const plan = await passPlanOf(db, lotId);
  if (!plan?.enabled || !lot.isApproved || !lot.isActive) return { offered: false as const, lotName: lot.name };
  return {
    offered: true as const,
    lotName: lot.name,
    monthlyPriceCents: plan.priceCents,
    months: await monthsOffered(db, lotId, plan, now),
  };
}

export const passView = (pass: NonNullable<Awaited<ReturnType<typeof findPass>>>, now: Date) => ({
  ...pass,
  monthLabel: formatMonth(pass.month),
  state: passState(pass.month, now),
});

/** POST /api/monthly-passes: a month of parking for one plate, paid from the wallet; once per Idempotency-Key. */
export async function buyPass(db: DB, user: SessionUser, input: BuyPassRequest, request: IdempotentRequest, now = new Date()) {
  const replay = await priorResource(db, request);
  if (replay) return { pass: passView((await findPass(db, replay))!, now), replayed: true };
  const lot = await sellingLot(db, input.lotId);
  const plan = await passPlanOf(db, lot.id);
  if (!plan?.enabled || !lot.isApproved || !lot.isActive) throw refusal('conflict', NOT_OFFERED);
  const monthRefused = passMonthRefusal(input.month, now);
  if (monthRefused) throw refusal('invalid', monthRefused);
  const amountCents = passPriceAt(plan.priceCents, input.month, now);
  const id = newId();
  const wallet = await walletOf(db, user.id);
  const what = `Monthly pass: ${lot.name}, ${formatMonth(input.month)} (${input.plate})`;
  let paid: Awaited<ReturnType<typeof payFromWallet>>;
  try {
    paid = await payFromWallet(
      db,
      { userId: user.id, walletId: wallet.id, reservationId: null, amountCents, description: what, idempotencyKey: `monthly-pass:${id}` },
      [
        passInsert(db, { id, lotId: lot.id, userId: user.id, plate: input.plate, month: input.month, amountCents }),
        recordIdempotencyKey(db, request, id),
      ],
    );
  } catch (error) {
    if (violates(error, 'monthly_passes_sold_out')) throw refusal('conflict', SOLD_OUT(input.month));
    if (violates(error, 'monthly_passes.lot_id, monthly_passes.plate, monthly_passes.month'))
      throw refusal('conflict', `${input.plate} already has a monthly pass for ${formatMonth(input.month)} at ${lot.name}.`);
    if (violates(error, 'idempotency_keys')) {
      const twin = await priorResource(db, request);
      if (twin) return { pass: passView((await findPass(db, twin))!, now), replayed: true };
    }
    throw error;
  }
  if (!paid.ok) {
    if (paid.reason === 'duplicate') throw refusal('conflict', 'This pass was just paid for. Look at your passes again.');
    throw refusal('insufficient_funds', `Your wallet holds ${formatPeso(paid.balanceCents)}; this pass costs ${formatPeso(amountCents)}.`, {
      missingCents: paid.missingCents,
      balanceCents: paid.balanceCents,
      amountCents,
      detail: `Top up at least ${formatPeso(paid.missingCents)} to buy it.`,
    });
  }
  await afterCommit('Monthly pass notice', () =>
    notify(db, user.id, {
      type: 'PAYMENT_SUCCESS',
      title: 'Monthly pass bought',
      message: `${lot.name}: ${input.plate} parks without a reservation all of ${formatMonth(input.month)}. ${formatPeso(amountCents)} paid from your wallet.`,
      metadata: { lotName: lot.name },
    }),
  );
  return { pass: passView((await findPass(db, id))!, now), replayed: false };
}

/** GET /api/monthly-passes: the driver's passes, latest month first. */
export async function myPasses(db: DB, user: SessionUser, now: Date) {
  return { passes: (await passesOfDriver(db, user.id)).map((pass) => passView(pass, now)) };
}

const holderName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName.slice(0, 1)}.`.trim();

/** GET /api/owner/lots/:id/monthly-pass: the lot's offer and the passes sold for a month. */
export async function lotPasses(db: DB, user: SessionUser, lotId: string, month: string | undefined, now: Date) {
  await assertManagesLot(db, user, lotId);
  const shown = month ?? manilaMonthOf(now);
  const plan = await passPlanOf(db, lotId);
  const sold = await passesOfLotMonth(db, lotId, shown);
  return {
    plan,
    month: shown,
    monthLabel: formatMonth(shown),
    months: plan ? await monthsOffered(db, lotId, plan, now) : [],
    passes: sold.map((row) => ({
      id: row.id,
      plate: row.plate,
      holder: holderName(row),
      amountCents: row.amountCents,
      createdAt: row.createdAt,
    })),
    totalCents: sold.reduce((sum, row) => sum + row.amountCents, 0),
  };
}

/** PUT /api/owner/lots/:id/monthly-pass: the lot's offer. Passes already sold stand, whatever the new price or number. */
export async function setPassPlan(db: DB, user: SessionUser, lotId: string, plan: PassPlan, now: Date) {
  await assertManagesLot(db, user, lotId);
  const before = await passPlanOf(db, lotId);
  await savePassPlan(
    db,
    lotId,
    plan,
    auditStatement(db, user, { action: 'UPDATE_PASS_PLAN', subject: `lot:${lotId}`, context: { before, after: plan } }),
  );
  return lotPasses(db, user, lotId, undefined, now);
}
