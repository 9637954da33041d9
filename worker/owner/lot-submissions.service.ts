/**
 * A lot's standing with the super admin and its history of submissions (docs/owner.md, Lots): a
 * rejected lot is edited with the lot form and sent back for review, and every earlier submission
 * and decision stays on record for the owner and the reviewer.
 */
import { lotReviewOf, notRejectedMessage } from '../../core/approvals';
import { refusal } from '../../core/refusal';
import { auditStatement } from '../audit/audit.data';
import { afterCommit } from '../db/after-commit';
import { commit, type DB } from '../db/client';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import { newId } from '../db/ids';
import type { SessionUser } from '../env';
import { assertManagesLot, lotById } from '../lots/lots.service';
import { sendNotice, type NoticeContext } from '../notifications/notifications.service';
import { activeAdminIds } from '../users/users.data';
import { resubmissionStatement, submissionsOfLots, type SubmissionRecord } from './lot-submissions.data';

/** Each lot's submissions, newest first (the reviewer's dialog shows a lot's earlier ones). */
export async function submissionHistories(db: DB, lotIds: string[]) {
  const byLot = new Map<string, SubmissionRecord[]>();
  for (const row of await submissionsOfLots(db, [...new Set(lotIds)])) byLot.set(row.lotId, [...(byLot.get(row.lotId) ?? []), row]);
  return byLot;
}

/** The owner's card: the lot's standing (Rejected with the reason of the latest decision) and its history, newest first. */
export async function reviewOfLot(db: DB, lot: { id: string; isApproved: boolean }) {
  const submissions = (await submissionHistories(db, [lot.id])).get(lot.id) ?? [];
  const [latest] = submissions;
  const review = lotReviewOf(lot.isApproved, latest?.status ?? null);
  return { review, rejectionReason: review === 'rejected' ? latest.decisionReason : null, submissions };
}

/** Every active super admin hears of a lot sent back for review, in the app and by e-mail, as of a new owner application. */
async function tellAdminsOfResubmission(ctx: NoticeContext, submissionId: string, lotName: string, notes: string | null) {
  for (const adminId of await activeAdminIds(ctx.db))
    await sendNotice(ctx, adminId, {
      note: {
        type: 'APPROVAL_DECISION',
        title: 'Lot resubmitted',
        message: `${lotName} was edited and sent back for review.${notes ? ` The owner's note: ${notes}` : ''} Review it in Approvals.`,
      },
      email: { link: { label: 'Open Approvals', path: '/admin/approvals?tab=lot' } },
      key: `lot-resubmission:${submissionId}:${adminId}`,
    });
}

/**
 * `POST /api/owner/lots/:id/resubmit`: a rejected lot, as it is now, goes back to the super admin's
 * pending list; the rejected submission stays as it was. Another owner's lot is a 404, a lot that is
 * not rejected a 409 (also when a second resubmission raced this one). Resubmitting unchanged is allowed.
 */
export async function resubmitLot(ctx: NoticeContext, user: SessionUser, lotId: string, notes: string | undefined) {
  const { db } = ctx;
  await assertManagesLot(db, user, lotId);
  const lot = (await lotById(db, lotId))!;
  const { review } = await reviewOfLot(db, lot);
  if (review !== 'rejected') throw refusal('conflict', notRejectedMessage(review));
  const id = newId();
  const note = notes || null;
  try {
    await commit(db, [
      resubmissionStatement(db, id, lotId, note),
      abortUnlessChanged(db),
      auditStatement(db, user, {
        action: 'RESUBMIT_LOT',
        subject: `lot_submission:${id}`,
        context: { lotId, lotName: lot.name, notes: note },
      }),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) throw refusal('conflict', notRejectedMessage('pending'));
    throw error;
  }
  await afterCommit('Lot resubmission notice', () => tellAdminsOfResubmission(ctx, id, lot.name, note));
}
