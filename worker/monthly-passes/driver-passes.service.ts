/** A driver's monthly passes as they see them: each with its QR while valid and its official receipt, and their auto-renew switch. */
import { passState, scheduleLabel } from '../../core/monthly-passes';
import { notFound, refusal } from '../../core/refusal';
import { formatDateTime } from '../../core/time';
import type { DB } from '../db/client';
import type { Bindings, SessionUser } from '../env';
import { signMonthlyPass } from '../passes/passes.service';
import { passReceipts } from '../receipts/receipts.service';
import { findPass, passesOfDriver, saveAutoRenew, type PassRow } from './monthly-passes.data';
import { scheduleOf } from './pass-term';

const passView = ({ pass, lotName, lotPlace, productName }: PassRow, now: Date) => ({
  id: pass.id,
  lotId: pass.lotId,
  lotName,
  /** The lot's pin and entrance, for Directions from the pass. */
  ...lotPlace,
  productId: pass.productId,
  productName,
  plate: pass.plate,
  periodKind: pass.periodKind,
  validFrom: pass.validFrom,
  validUntil: pass.validUntil,
  schedule: scheduleOf(pass),
  hours: scheduleLabel(scheduleOf(pass)),
  amountCents: pass.amountCents,
  autoRenew: pass.autoRenew,
  renewal: pass.renewal,
  state: passState(pass, now),
  createdAt: pass.createdAt,
});

/** The pass as its driver sees it: its QR while valid, and its official receipt (none for a pass sold before passes had receipts). */
const withToken = async (env: Bindings, row: PassRow, now: Date, receipt: { id: string; number: string } | null) => {
  const view = passView(row, now);
  const token =
    view.state === 'ended'
      ? null
      : await signMonthlyPass(env, {
          passId: view.id,
          plate: view.plate,
          lotId: view.lotId,
          schedule: view.schedule,
          validFrom: view.validFrom,
          validUntil: view.validUntil,
        });
  return { ...view, token, receipt };
};

/** One pass, just sold or replayed, with its QR and receipt. */
export const passOf = async (env: Bindings, db: DB, passId: string, now: Date) =>
  withToken(env, (await findPass(db, passId))!, now, (await passReceipts(db, [passId])).get(passId) ?? null);

/** GET /api/monthly-passes: the driver's passes, latest first, each still valid with its signed QR. */
export async function myPasses(env: Bindings, db: DB, user: SessionUser, now: Date) {
  const rows = await passesOfDriver(db, user.id);
  const receipts = await passReceipts(
    db,
    rows.map((row) => row.pass.id),
  );
  return { passes: await Promise.all(rows.map((row) => withToken(env, row, now, receipts.get(row.pass.id) ?? null))) };
}

/** PATCH /api/monthly-passes/:id: auto-renew on, or off (the pass then ends at its period's end, not refunded). */
export async function setAutoRenew(env: Bindings, db: DB, user: SessionUser, passId: string, autoRenew: boolean, now: Date) {
  const row = await findPass(db, passId);
  if (!row || row.pass.userId !== user.id) throw notFound('Monthly pass');
  if (row.pass.renewal) throw refusal('conflict', `This pass was already ${row.pass.renewal} on ${formatDateTime(row.pass.validUntil)}.`);
  if (passState(row.pass, now) === 'ended') throw refusal('conflict', 'This pass has ended.');
  await saveAutoRenew(db, passId, autoRenew);
  return passOf(env, db, passId, now);
}
