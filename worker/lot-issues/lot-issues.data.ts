/** Driver reports to a lot in D1: the report, its photo's key, its status and its thread. */
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  MAX_ISSUE_MESSAGES,
  MAX_OPEN_ISSUES_PER_LOT,
  type IssuePhotoType,
  type LotIssueCategory,
  type LotIssueStatus,
  type SlotTakenChoice,
} from '../../core/lot-issues';
import { statementOf, type DB } from '../db/client';
import { abortUnlessChanged } from '../db/guards';
import { lotIssueMessages, lotIssues, lots, reservations, users } from '../db/schema';

export type NewLotIssue = {
  id: string;
  lotId: string;
  reporterId: string;
  reservationId: string | null;
  category: LotIssueCategory;
  text: string;
  createdAt: string;
};

/**
 * Records a report only while the driver has fewer than MAX_OPEN_ISSUES_PER_LOT open at the lot: the
 * count and the insert are one statement, so two reports at once cannot pass the cap together.
 */
export async function insertIssueWithinCap(db: DB, issue: NewLotIssue): Promise<boolean> {
  const result = await db.run(sql`
    INSERT INTO lot_issues (id, lot_id, reporter_id, reservation_id, category, text, status, created_at)
    SELECT ${issue.id}, ${issue.lotId}, ${issue.reporterId}, ${issue.reservationId}, ${issue.category}, ${issue.text}, 'open', ${issue.createdAt}
    WHERE (SELECT COUNT(*) FROM lot_issues
            WHERE reporter_id = ${issue.reporterId} AND lot_id = ${issue.lotId} AND status <> 'resolved') < ${MAX_OPEN_ISSUES_PER_LOT}`);
  return result.meta.changes > 0;
}

const listed = {
  id: lotIssues.id,
  lotId: lotIssues.lotId,
  lotName: lots.name,
  reporterId: lotIssues.reporterId,
  reporterFirstName: users.firstName,
  reporterLastName: users.lastName,
  reservationId: lotIssues.reservationId,
  slotLabel: sql<string | null>`(SELECT label FROM slots WHERE slots.id = ${reservations.slotId})`,
  plate: reservations.vehiclePlate,
  reservationStatus: reservations.status,
  reservationStartTs: reservations.startTs,
  reservationEndTs: reservations.endTs,
  category: lotIssues.category,
  text: lotIssues.text,
  status: lotIssues.status,
  photoKey: lotIssues.photoKey,
  photoType: lotIssues.photoType,
  remedy: lotIssues.remedy,
  createdAt: lotIssues.createdAt,
  acknowledgedAt: lotIssues.acknowledgedAt,
  acknowledgedBy: lotIssues.acknowledgedBy,
  resolvedAt: lotIssues.resolvedAt,
};

const issueRows = (db: DB) =>
  db
    .select(listed)
    .from(lotIssues)
    .innerJoin(lots, eq(lots.id, lotIssues.lotId))
    .innerJoin(users, eq(users.id, lotIssues.reporterId))
    .leftJoin(reservations, eq(reservations.id, lotIssues.reservationId));

export type IssueRow = Awaited<ReturnType<ReturnType<typeof issueRows>['limit']>>[number];

export async function findIssue(db: DB, id: string): Promise<IssueRow | null> {
  const [row] = await issueRows(db).where(eq(lotIssues.id, id)).limit(1);
  return row ?? null;
}

/** How many of a person's reports a list shows: the newest. */
const LIST_LIMIT = 50;

/** The driver's own reports, newest first. */
export const listIssuesOfReporter = (db: DB, reporterId: string) =>
  issueRows(db).where(eq(lotIssues.reporterId, reporterId)).orderBy(desc(lotIssues.createdAt)).limit(LIST_LIMIT);

/** Reports at these lots (every lot for 'all'), newest first: those not resolved, or all of them. */
export function listIssuesAtLots(db: DB, lotIds: string[] | 'all', openOnly: boolean) {
  const where = and(
    lotIds === 'all' ? undefined : inArray(lotIssues.lotId, lotIds),
    openOnly ? ne(lotIssues.status, 'resolved') : undefined,
  );
  return issueRows(db).where(where).orderBy(desc(lotIssues.createdAt)).limit(LIST_LIMIT);
}

/** Sets the issue's one photo, only by its reporter and only if it has none yet; answers whether it did. */
export async function setPhotoOnce(
  db: DB,
  issueId: string,
  reporterId: string,
  photo: { key: string; type: IssuePhotoType; size: number },
) {
  const result = await db
    .update(lotIssues)
    .set({ photoKey: photo.key, photoType: photo.type, photoSize: photo.size })
    .where(and(eq(lotIssues.id, issueId), eq(lotIssues.reporterId, reporterId), sql`${lotIssues.photoKey} IS NULL`));
  return result.meta.changes > 0;
}

/**
 * The status change as statements of a batch: the update only from the status read (else the batch
 * aborts), stamping who and when.
 */
export function statusChangeStatements(db: DB, issueId: string, from: LotIssueStatus, to: LotIssueStatus, by: string, at: string) {
  const stamp = to === 'acknowledged' ? { acknowledgedAt: at, acknowledgedBy: by } : { resolvedAt: at, resolvedBy: by };
  return [
    statementOf(
      db,
      db
        .update(lotIssues)
        .set({ status: to, ...stamp })
        .where(and(eq(lotIssues.id, issueId), eq(lotIssues.status, from))),
    ),
    abortUnlessChanged(db),
  ];
}

/**
 * The driver's choice on a taken slot as statements of the remedy's own batch, so the choice and the
 * refund or move commit together (a worker dying between two writes cannot leave one without the
 * other). The batch aborts when another choice was recorded meanwhile; a refund may be finished again
 * (its ledger key pays it once), a move is made once.
 */
export function recordRemedyStatements(db: DB, issueId: string, choice: SlotTakenChoice) {
  const unchosen = sql`${lotIssues.remedy} IS NULL`;
  return [
    statementOf(
      db,
      db
        .update(lotIssues)
        .set({ remedy: choice })
        .where(and(eq(lotIssues.id, issueId), choice === 'refund' ? or(unchosen, eq(lotIssues.remedy, 'refund')) : unchosen)),
    ),
    abortUnlessChanged(db),
  ];
}

export type NewIssueMessage = { id: string; issueId: string; authorId: string; fromStaff: boolean; text: string; createdAt: string };

/** Adds a message to an issue's thread only while it holds fewer than MAX_ISSUE_MESSAGES (one statement); answers whether it did. */
export async function insertMessageWithinCap(db: DB, message: NewIssueMessage): Promise<boolean> {
  const result = await db.run(sql`
    INSERT INTO lot_issue_messages (id, issue_id, author_id, from_staff, text, created_at)
    SELECT ${message.id}, ${message.issueId}, ${message.authorId}, ${Number(message.fromStaff)}, ${message.text}, ${message.createdAt}
    WHERE (SELECT COUNT(*) FROM lot_issue_messages WHERE issue_id = ${message.issueId}) < ${MAX_ISSUE_MESSAGES}`);
  return result.meta.changes > 0;
}

/** An issue's thread, oldest first, with each author's name. */
export const listMessages = (db: DB, issueId: string) =>
  db
    .select({
      id: lotIssueMessages.id,
      fromStaff: lotIssueMessages.fromStaff,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
      text: lotIssueMessages.text,
      createdAt: lotIssueMessages.createdAt,
    })
    .from(lotIssueMessages)
    .innerJoin(users, eq(users.id, lotIssueMessages.authorId))
    .where(eq(lotIssueMessages.issueId, issueId))
    .orderBy(asc(lotIssueMessages.createdAt), asc(lotIssueMessages.id));
