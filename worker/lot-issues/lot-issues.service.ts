/**
 * Driver reports to a lot (docs/gate.md, Driver reports): a driver reports from the lot page or a
 * reservation; the lot's staff (its attendants, its owner, the super admin) see, acknowledge and
 * resolve it, each change notifying the driver; both write in its thread. A report on a taken slot
 * of a started reservation offers a refund or another slot, which the reservations domain makes
 * with the lot object. The photo lives in R2 (./issue-photos.service.ts).
 */
import {
  LOT_ISSUE_CATEGORY_LABELS,
  MAX_ISSUE_MESSAGES,
  MAX_OPEN_ISSUES_PER_LOT,
  offersSlotTakenRemedy,
  slotTakenChoiceProblem,
  statusChangeProblem,
  statusNotice,
  type LotIssueStatus,
  type SlotTakenChoice,
} from '../../core/lot-issues';
import type { IssueMessageInput, LotIssueInput } from '../../core/lot-issue-request';
import { notFound, refusal } from '../../core/refusal';
import { auditStatement, type AuditEntry } from '../audit/audit.data';
import { afterCommit } from '../db/after-commit';
import { commit, type DB } from '../db/client';
import { changedMeanwhile } from '../db/guards';
import { priorResource, type IdempotentRequest } from '../db/idempotency-keys';
import { newId } from '../db/ids';
import type { Bindings, SessionUser } from '../env';
import { approvedLot, workableLotIds } from '../lots/lots.service';
import { issueFor } from './issue-access.service';
import { notify, sendNotice } from '../notifications/notifications.service';
import { notificationStatement } from '../notifications/notifications.statements';
import { bookingContext, moveFromTakenSlot, ownReservationAnywhere, refundTakenSlot } from '../reservations/reservations.service';
import {
  findIssue,
  insertIssueWithinCap,
  insertMessageWithinCap,
  listIssuesAtLots,
  listIssuesOfReporter,
  listMessages,
  recordRemedyStatements,
  statusChangeStatements,
  type IssueRow,
} from './lot-issues.data';

export { issuePhoto, setIssuePhoto } from './issue-photos.service';
export { assertWorksLot } from '../lots/lots.service';

export type IssueContext = { env: Bindings; db: DB; user: SessionUser };

/**
 * The audit entry of a change to a report or of the remedy it unlocks, for the change's own batch:
 * staff acknowledging a taken slot is what lets its reporter take a full refund.
 */
const issueAudit = (db: DB, user: SessionUser, issue: IssueRow, action: AuditEntry['action'], context: Record<string, unknown> = {}) =>
  auditStatement(db, user, {
    action,
    subject: `lot-issue:${issue.id}`,
    context: { lotId: issue.lotId, reservationId: issue.reservationId, ...context },
  });

const reservationOf = (issue: IssueRow) =>
  issue.reservationStatus ? { status: issue.reservationStatus, startTs: issue.reservationStartTs!, endTs: issue.reservationEndTs! } : null;

/** An issue as the screens show it; the reporter's surname is an initial for staff. */
function issueView(issue: IssueRow, now = new Date()) {
  const reservation = reservationOf(issue);
  return {
    id: issue.id,
    lotId: issue.lotId,
    lotName: issue.lotName,
    reporterName: `${issue.reporterFirstName} ${issue.reporterLastName.slice(0, 1)}.`,
    reservationId: issue.reservationId,
    plate: issue.plate,
    slotLabel: issue.slotLabel,
    category: issue.category,
    categoryLabel: LOT_ISSUE_CATEGORY_LABELS[issue.category],
    text: issue.text,
    status: issue.status,
    photoUrl: issue.photoKey ? `/api/lot-issues/${issue.id}/photo` : null,
    remedy: issue.remedy,
    /** The driver may now choose another slot (their slot was taken while the reservation is under way). */
    offersSlotTakenChoice: offersSlotTakenRemedy(issue, reservation, 'move', now),
    /** …and a full refund, once the lot's staff confirmed the slot was taken (acknowledged the report). */
    offersSlotTakenRefund: offersSlotTakenRemedy(issue, reservation, 'refund', now),
    createdAt: issue.createdAt,
    acknowledgedAt: issue.acknowledgedAt,
    resolvedAt: issue.resolvedAt,
  };
}

/** POST /api/lots/:id/issues: a report, with the driver's own reservation at that lot if they name one. */
export async function reportIssue(ctx: IssueContext, lotId: string, input: LotIssueInput) {
  const { env, db, user } = ctx;
  await approvedLot(db, lotId);
  if (input.reservationId) {
    // A booking over for a week is in the archive (docs/payments.md, Archive): a report may still name it.
    const reservation = await ownReservationAnywhere(env, db, user.id, input.reservationId);
    if (reservation.lotId !== lotId) throw refusal('invalid', 'That reservation is not at this lot.');
  }
  const id = newId();
  const written = await insertIssueWithinCap(db, {
    id,
    lotId,
    reporterId: user.id,
    reservationId: input.reservationId ?? null,
    category: input.category,
    text: input.text,
    createdAt: new Date().toISOString(),
  });
  if (!written)
    throw refusal(
      'too_many_attempts',
      `You have ${MAX_OPEN_ISSUES_PER_LOT} open reports at this lot. Add to one of them, or wait until the lot's staff resolve one.`,
    );
  return issueView((await findIssue(db, id))!);
}

/** GET /api/lot-issues/:id: the issue and its thread, for its reporter and the lot's staff. */
export async function issueWithThread(ctx: IssueContext, id: string) {
  const { issue, staff, reporter } = await issueFor(ctx.db, ctx.user, id);
  const messages = (await listMessages(ctx.db, id)).map(({ authorFirstName, authorLastName, ...message }) => ({
    ...message,
    authorName: `${authorFirstName} ${authorLastName.slice(0, 1)}.`,
  }));
  // A reporter who works the lot sees their own report as its driver (the staff's actions are not theirs).
  return { ...issueView(issue), viewerIsStaff: staff && !reporter, messages };
}

/** The driver's own reports, newest first ("My reports"). */
export const myIssues = async (db: DB, userId: string) => (await listIssuesOfReporter(db, userId)).map((issue) => issueView(issue));

/** The reports at one lot its staff work (the attendant's screen): those still open, or all. */
export async function issuesAtLot(db: DB, lotId: string, openOnly: boolean) {
  return (await listIssuesAtLots(db, [lotId], openOnly)).map((issue) => issueView(issue));
}

/** The reports still open at every lot the user works (the owner's dashboard). */
export async function openIssuesOfStaff(db: DB, user: SessionUser) {
  const lots = await workableLotIds(db, user);
  if (lots !== 'all' && lots.length === 0) return [];
  return (await listIssuesAtLots(db, lots, true)).map((issue) => issueView(issue));
}

/**
 * POST /api/lot-issues/:id/status: staff acknowledge or resolve, audited; the driver hears of it in
 * the same batch. Never the reporter, though they work the lot: acknowledging a taken slot unlocks
 * their own refund.
 */
export async function changeStatus(ctx: IssueContext, id: string, to: Exclude<LotIssueStatus, 'open'>) {
  const { db, user } = ctx;
  const { issue, staff, reporter } = await issueFor(db, user, id);
  if (!staff) throw refusal('forbidden', "Only the lot's staff can change a report's status.");
  if (reporter) throw refusal('forbidden', "You cannot change the status of your own report; another of the lot's staff will.");
  const problem = statusChangeProblem(issue.status, to);
  if (problem) throw refusal('conflict', problem);
  const note = {
    type: 'LOT_ISSUE_UPDATE' as const,
    ...statusNotice(to, issue.lotName, issue.category),
    metadata: { lotName: issue.lotName },
  };
  try {
    await commit(db, [
      ...statusChangeStatements(db, id, issue.status, to, user.id, new Date().toISOString()),
      issueAudit(db, user, issue, to === 'acknowledged' ? 'ACKNOWLEDGE_LOT_ISSUE' : 'RESOLVE_LOT_ISSUE'),
      notificationStatement(db, issue.reporterId, note),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) throw refusal('conflict', 'This report changed meanwhile. Reload it and try again.');
    throw error;
  }
  // Also to their phone (under Push Notifications), leading to where they reported from.
  const url = issue.reservationId ? `/reservation/${issue.reservationId}` : `/lots/${issue.lotId}`;
  await afterCommit('Report status push', () =>
    sendNotice({ env: ctx.env, db }, issue.reporterId, { note, writtenInApp: true, push: { url, tag: `lot-issue:${id}` } }),
  );
  return issueWithThread(ctx, id);
}

/** POST /api/lot-issues/:id/messages: the reporter or the lot's staff add to the thread; a staff reply notifies the driver. */
export async function addMessage(ctx: IssueContext, id: string, input: IssueMessageInput) {
  const { db, user } = ctx;
  const { issue, staff, reporter } = await issueFor(db, user, id);
  const fromStaff = staff && !reporter;
  const message = { id: newId(), issueId: id, authorId: user.id, fromStaff, text: input.text, createdAt: new Date().toISOString() };
  if (!(await insertMessageWithinCap(db, message)))
    throw refusal('conflict', `This report's thread is full (${MAX_ISSUE_MESSAGES} messages).`);
  if (fromStaff)
    await notify(db, issue.reporterId, {
      type: 'LOT_ISSUE_UPDATE',
      title: 'Reply to your report',
      message: `${issue.lotName}: ${input.text.length > 120 ? `${input.text.slice(0, 119)}…` : input.text}`,
      metadata: { lotName: issue.lotName },
    });
  return issueWithThread(ctx, id);
}

/**
 * POST /api/lot-issues/:id/slot-taken: the driver's choice. Recorded in the refund's or the move's own
 * batch (conditional on no other choice), so two choices at once cannot both go through, a refused
 * move leaves none, and a worker dying midway leaves nothing half done. A refund chosen before may be
 * asked again while still offered: it pays what is still unpaid, once (its ledger key).
 */
export async function chooseSlotTakenRemedy(ctx: IssueContext, id: string, choice: SlotTakenChoice, request: IdempotentRequest) {
  const { env, db, user } = ctx;
  const { issue, reporter } = await issueFor(db, user, id);
  if (!reporter || !issue.reservationId) throw notFound('Report');
  // The same request again (same key) is answered as the first was, by the reservation's own replay.
  const replay = issue.remedy === choice && (await priorResource(db, request)) !== null;
  if (!replay) {
    const problem = slotTakenChoiceProblem(issue, reservationOf(issue), choice, new Date());
    if (issue.remedy && (issue.remedy !== choice || choice === 'move' || problem))
      throw refusal('conflict', `You already chose ${issue.remedy === 'refund' ? 'a refund' : 'another slot'}.`);
    if (problem) throw refusal('conflict', problem);
  }
  const booking = bookingContext(env, db);
  const recorded = [
    ...recordRemedyStatements(db, id, choice),
    issueAudit(db, user, issue, choice === 'refund' ? 'SLOT_TAKEN_REFUND' : 'SLOT_TAKEN_MOVE', { acknowledgedBy: issue.acknowledgedBy }),
  ];
  if (choice === 'refund') {
    const { refundCents } = await refundTakenSlot(booking, issue.reservationId, request, recorded);
    return { issue: await issueWithThread(ctx, id), refundCents };
  }
  await moveFromTakenSlot(booking, issue.reservationId, request, recorded);
  return { issue: await issueWithThread(ctx, id), refundCents: 0 };
}
