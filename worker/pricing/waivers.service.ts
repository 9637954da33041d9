/**
 * `POST /api/owner/lots/:id/waivers` and `DELETE …/waivers/:waiverId`: the lot's owner waives its rate
 * card's overnight fees, or all of them, for a while (a typhoon, ashfall), audited. Every price of the
 * lot honours them: the quote, the booking and the gate (docs/pricing.md, Waivers).
 */
import { waiversOf } from '../../core/lot-pricing';
import type { WaiverRequest } from '../../core/pricing-request';
import type { Waiver } from '../../core/rate-card';
import { notFound, refusal } from '../../core/refusal';
import { auditStatement } from '../audit/audit.data';
import { commit, type DB } from '../db/client';
import { newId } from '../db/ids';
import type { SessionUser } from '../env';
import { assertManagesLot } from '../lots/lots.service';
import { pricingRow } from './pricing.data';
import { addWaiverStatement, removeWaiverStatement } from './waivers.data';

const auditWaiver = (db: DB, owner: SessionUser, lotId: string, context: { waived: Waiver } | { unwaived: Waiver }) =>
  auditStatement(db, owner, { action: 'UPDATE_PRICING', subject: `lot:${lotId}`, context });

export async function addWaiver(db: DB, owner: SessionUser, lotId: string, request: WaiverRequest) {
  await assertManagesLot(db, owner, lotId);
  const row = await pricingRow(db, lotId);
  if (row?.strategy !== 'RATE_CARD') throw refusal('conflict', 'Waivers are of a rate card’s fees: put the lot on a rate card first.');
  const waiver: Waiver = { ...request, id: newId(), from: new Date(request.from).toISOString(), to: new Date(request.to).toISOString() };
  await commit(db, [addWaiverStatement(db, lotId, waiver), auditWaiver(db, owner, lotId, { waived: waiver })]);
  return waiver;
}

export async function removeWaiver(db: DB, owner: SessionUser, lotId: string, waiverId: string) {
  await assertManagesLot(db, owner, lotId);
  const waiver = waiversOf((await pricingRow(db, lotId))?.waiversJson ?? null).find((one) => one.id === waiverId);
  if (!waiver) throw notFound('Waiver');
  await commit(db, [removeWaiverStatement(db, lotId, waiverId), auditWaiver(db, owner, lotId, { unwaived: waiver })]);
  return { deleted: waiverId };
}
