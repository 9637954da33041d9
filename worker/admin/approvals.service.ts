/**
 * The super admin's decisions on owner applications and lot submissions (docs/admin.md). A decision,
 * its effect (the new owner's role, the lot made bookable), the applicant's notice and the audit entry
 * are one D1 batch: all of it or none. A decision on an item no longer pending is a 409, also when
 * another admin decided it between our read and our write.
 */
import { PAGE_SIZE } from '../../core/paging';
import {
  DECISION_TOASTS,
  REJECT_REASON_MESSAGE,
  reasonMissing,
  trimmedReason,
  type Decision,
  type ReviewFilter,
  type ReviewKind,
} from '../../core/approvals';
import { auditStatement } from '../audit/audit.data';
import { commit, type DB } from '../db/client';
import type { PageRequest } from '../db/pages';
import { documentsForAdmin } from '../documents/documents.service';
import { applicationHistories } from '../documents/owner-application.service';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import type { SessionUser } from '../env';
import { notFound, refusal } from '../../core/refusal';
import { afterCommit } from '../db/after-commit';
import { submissionHistories } from '../owner/lot-submissions.service';
import { sendNotice, type NoticeContext } from '../notifications/notifications.service';
import { notificationStatement, type Notice } from '../notifications/notifications.statements';
import {
  applyListing,
  approveLot,
  decideLotRevision,
  findLotRevision,
  decideLotSubmission,
  decideOwnerApplication,
  findLotSubmission,
  findOwnerApplication,
  listLotRevisions,
  lotSubmissionsPage,
  makeOwner,
  ownerApplicationsPage,
  type Verdict,
} from './approvals.data';

/** The listing changes, as the approvals screen pages through them. */
export { listLotRevisions };

/** A page of lot submissions, each with the lot's earlier submissions and their decisions (newest first), so a resubmission is judged with its history. */
export async function listLotSubmissions(db: DB, filter: ReviewFilter, page: PageRequest) {
  const { items, nextCursor } = await lotSubmissionsPage(db, filter, page);
  const histories = await submissionHistories(
    db,
    items.map((submission) => submission.lotId),
  );
  return {
    items: items.map((submission) => {
      const history = histories.get(submission.lotId) ?? [];
      const earlier = history.slice(history.findIndex((other) => other.id === submission.id) + 1);
      return { ...submission, earlier };
    }),
    nextCursor,
  };
}

/**
 * A page of owner applications, newest submission first, with the documents their applicants uploaded
 * (worker/documents) and each applicant's earlier submissions with their decisions (newest first).
 */
export async function listOwnerApplications(db: DB, filter: ReviewFilter, page: PageRequest) {
  const { items, nextCursor } = await ownerApplicationsPage(db, filter, page);
  const [documents, histories] = await Promise.all([
    documentsForAdmin(
      db,
      items.map((application) => application.id),
    ),
    applicationHistories(
      db,
      items.map((application) => application.userId),
    ),
  ]);
  return {
    items: items.map((application) => {
      const history = histories.get(application.userId) ?? [];
      const earlier = history.slice(history.findIndex((other) => other.id === application.id) + 1);
      return { ...application, documents: documents.get(application.id) ?? [], earlier };
    }),
    nextCursor,
  };
}

/** The dashboard's summary: the newest page of each queue; the approvals screen pages through the rest. */
export async function pendingApprovals(db: DB) {
  const first = { limit: PAGE_SIZE };
  const [{ items: owners }, { items: lots }] = await Promise.all([
    listOwnerApplications(db, 'pending', first),
    listLotSubmissions(db, 'pending', first),
  ]);
  return {
    owners: owners.map(({ id, name, email, submittedAt, documents }) => ({ id, name, email, submittedAt, documents })),
    lots: lots.map(({ id, name, owner, totalSlots, hourlyRate, submittedAt, earlier }) => ({
      id,
      name,
      owner,
      slots: totalSlots,
      rate: hourlyRate,
      submittedAt,
      resubmission: earlier.length > 0,
    })),
  };
}

type Ctx = NoticeContext & { admin: SessionUser };

const ITEM_NAMES: Record<ReviewKind, string> = { owner: 'owner application', lot: 'lot submission', listing: 'listing change' };

function verdictOf(
  kind: ReviewKind,
  decision: Decision,
  reason: string | undefined,
  admin: SessionUser,
  status: string,
  now: Date,
): Verdict {
  if (reasonMissing(decision, reason)) throw refusal('invalid', REJECT_REASON_MESSAGE);
  if (status !== 'pending') throw alreadyDecided(kind, status);
  return {
    status: decision === 'approve' ? 'approved' : 'rejected',
    reason: trimmedReason(reason) || null,
    adminId: admin.id,
    at: now.toISOString(),
  };
}

const alreadyDecided = (kind: ReviewKind, status: string) =>
  refusal('conflict', `This ${ITEM_NAMES[kind]} was already ${status}; only a pending one can be approved or rejected.`);

/** What the applicant reads: the verdict, what approval opens to them, and the reason when one was given. */
const noticeOf = (what: string, verdict: Verdict, onApproval: string) => ({
  type: 'APPROVAL_DECISION' as const,
  title: `${what} ${verdict.status}`,
  message:
    [verdict.status === 'approved' ? onApproval : '', verdict.reason ? `Reason: ${verdict.reason}` : ''].filter(Boolean).join(' ') ||
    'No reason was given.',
});

/** The decision, written in the app with the change, e-mailed to the owner after it committed. */
const emailDecision = (ctx: NoticeContext, ownerId: string, note: Notice, key: string) =>
  afterCommit('Approval decision e-mail', () =>
    sendNotice(ctx, ownerId, { note, writtenInApp: true, email: { link: { label: 'Open the owner console', path: '/owner' } }, key }),
  );

async function commitDecision(ctx: Ctx, kind: ReviewKind, statements: D1PreparedStatement[]) {
  try {
    await commit(ctx.db, statements);
  } catch (error) {
    if (changedMeanwhile(error)) throw alreadyDecided(kind, 'decided');
    throw error;
  }
}

export async function decideOwner(ctx: Ctx, id: string, decision: Decision, reason: string | undefined, now = new Date()) {
  const { db, admin } = ctx;
  const application = await findOwnerApplication(db, id);
  if (!application) throw notFound('Owner application');
  const verdict = verdictOf('owner', decision, reason, admin, application.status, now);
  const notice = noticeOf('Owner application', verdict, 'You can now list your lots in the owner console.');
  await commitDecision(ctx, 'owner', [
    decideOwnerApplication(db, id, verdict),
    abortUnlessChanged(db),
    ...(decision === 'approve' ? [makeOwner(db, application.userId)] : []),
    notificationStatement(db, application.userId, notice),
    auditStatement(db, admin, {
      action: decision === 'approve' ? 'APPROVE_OWNER' : 'REJECT_OWNER',
      subject: `owner_application:${id}`,
      context: { userId: application.userId, name: application.name, email: application.email, reason: verdict.reason },
    }),
  ]);
  await emailDecision(ctx, application.userId, notice, `owner-decision:${id}`);
  return DECISION_TOASTS.owner[decision];
}

export async function decideLot(ctx: Ctx, id: string, decision: Decision, reason: string | undefined, now = new Date()) {
  const { db, admin } = ctx;
  const submission = await findLotSubmission(db, id);
  if (!submission) throw notFound('Lot submission');
  const verdict = verdictOf('lot', decision, reason, admin, submission.status, now);
  const notice = {
    ...noticeOf(`Lot ${submission.lotName}`, verdict, 'Drivers can now find and book it.'),
    metadata: { lotName: submission.lotName },
  };
  await commitDecision(ctx, 'lot', [
    decideLotSubmission(db, id, verdict),
    abortUnlessChanged(db),
    ...(decision === 'approve' ? [approveLot(db, submission.lotId)] : []),
    notificationStatement(db, submission.ownerId, notice),
    auditStatement(db, admin, {
      action: decision === 'approve' ? 'APPROVE_LOT' : 'REJECT_LOT',
      subject: `lot_submission:${id}`,
      context: { lotId: submission.lotId, lotName: submission.lotName, ownerId: submission.ownerId, reason: verdict.reason },
    }),
  ]);
  await emailDecision(ctx, submission.ownerId, notice, `lot-decision:${id}`);
  return DECISION_TOASTS.lot[decision];
}

/** A listing change of an approved lot: approved, drivers see the new name, address, place and entrance; rejected, the old stay. */
export async function decideListing(ctx: Ctx, id: string, decision: Decision, reason: string | undefined, now = new Date()) {
  const { db, admin } = ctx;
  const revision = await findLotRevision(db, id);
  if (!revision) throw notFound('Listing change');
  const verdict = verdictOf('listing', decision, reason, admin, revision.status, now);
  const listing = {
    name: revision.name,
    address: revision.address,
    geoLat: revision.geoLat,
    geoLng: revision.geoLng,
    entranceLat: revision.entranceLat,
    entranceLng: revision.entranceLng,
  };
  await commitDecision(ctx, 'listing', [
    decideLotRevision(db, id, verdict),
    abortUnlessChanged(db),
    ...(decision === 'approve' ? [applyListing(db, revision.lotId, listing)] : []),
    notificationStatement(db, revision.ownerId, {
      ...noticeOf(`Listing change of ${revision.lotName}`, verdict, 'Drivers now see the new name, address, place and entrance.'),
      metadata: { lotName: revision.lotName },
    }),
    auditStatement(db, admin, {
      action: decision === 'approve' ? 'APPROVE_LOT_CHANGE' : 'REJECT_LOT_CHANGE',
      subject: `lot_revision:${id}`,
      context: { lotId: revision.lotId, from: revision.lotName, ...listing, reason: verdict.reason },
    }),
  ]);
  return DECISION_TOASTS.listing[decision];
}
