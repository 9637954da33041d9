/**
 * D1 reads and writes of verified reviews (docs/reviews.md). Every write that changes what counts
 * (a review, an edit, a moderation) recounts its lot's `lot_ratings` row from the reviews in the same
 * batch, so the aggregate search reads is never apart from the reviews.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Distribution } from '../../core/reviews';
import { commit, sqlStatement, statementOf, type DB } from '../db/client';
import { afterCursor, newestFirst, pageOf, rowsToRead, type PageRequest } from '../db/pages';
import { checkins, lotRatings, lots, monthlyPasses, reservations, reviewReports, reviews, users } from '../db/schema';

/** Reviews drivers see: never hidden ones. */
const visible = or(isNull(reviews.moderation), ne(reviews.moderation, 'hidden'));

/** Recounts a lot's visible reviews by star into its `lot_ratings` row: a statement for the batch of the change. */
const recountStatement = (db: DB, lotId: string) => {
  const stars = (n: number) => sql`coalesce(sum(${reviews.rating} = ${n}), 0)`;
  return sqlStatement(
    db,
    sql`INSERT INTO ${lotRatings} (lot_id, stars_5, stars_4, stars_3, stars_2, stars_1)
        SELECT ${lotId}, ${stars(5)}, ${stars(4)}, ${stars(3)}, ${stars(2)}, ${stars(1)} FROM ${reviews}
        WHERE ${reviews.lotId} = ${lotId} AND ${visible}
        ON CONFLICT (lot_id) DO UPDATE SET stars_5 = excluded.stars_5, stars_4 = excluded.stars_4,
          stars_3 = excluded.stars_3, stars_2 = excluded.stars_2, stars_1 = excluded.stars_1`,
  );
};

/** The reservation a review would be of, with its lot. */
export async function reservationStay(db: DB, id: string) {
  const [row] = await db
    .select({
      id: reservations.id,
      userId: reservations.userId,
      lotId: reservations.lotId,
      status: reservations.status,
      lotName: lots.name,
    })
    .from(reservations)
    .innerJoin(lots, eq(lots.id, reservations.lotId))
    .where(eq(reservations.id, id));
  return row ?? null;
}

/** The pass period a review would be of, with its lot and how many stays it held (closed, not undone). */
export async function passStay(db: DB, id: string) {
  const stays = db
    .select({ n: count() })
    .from(checkins)
    .where(and(eq(checkins.monthlyPassId, monthlyPasses.id), isNotNull(checkins.exitTs), isNull(checkins.undoneAt)));
  const [row] = await db
    .select({
      id: monthlyPasses.id,
      userId: monthlyPasses.userId,
      lotId: monthlyPasses.lotId,
      validUntil: monthlyPasses.validUntil,
      lotName: lots.name,
      stays: sql<number>`(${stays})`,
    })
    .from(monthlyPasses)
    .innerJoin(lots, eq(lots.id, monthlyPasses.lotId))
    .where(eq(monthlyPasses.id, id));
  return row ?? null;
}

export type Stay = { reservationId: string } | { monthlyPassId: string };
const ofStay = (stay: Stay) =>
  'reservationId' in stay ? eq(reviews.reservationId, stay.reservationId) : eq(reviews.monthlyPassId, stay.monthlyPassId);

const reviewColumns = {
  id: reviews.id,
  lotId: reviews.lotId,
  userId: reviews.userId,
  reservationId: reviews.reservationId,
  monthlyPassId: reviews.monthlyPassId,
  rating: reviews.rating,
  text: reviews.text,
  createdAt: reviews.createdAt,
  editedAt: reviews.editedAt,
  replyText: reviews.replyText,
  repliedAt: reviews.repliedAt,
  replyEditedAt: reviews.replyEditedAt,
  moderation: reviews.moderation,
};

export async function reviewOfStay(db: DB, stay: Stay) {
  const [row] = await db.select(reviewColumns).from(reviews).where(ofStay(stay));
  return row ?? null;
}

/** A review with its lot's owner: what a reply, a report or a moderation is judged by. */
export async function reviewWithLot(db: DB, id: string) {
  const [row] = await db
    .select({ ...reviewColumns, ownerId: lots.ownerId, lotName: lots.name })
    .from(reviews)
    .innerJoin(lots, eq(lots.id, reviews.lotId))
    .where(eq(reviews.id, id));
  return row ?? null;
}
export type ReviewWithLot = NonNullable<Awaited<ReturnType<typeof reviewWithLot>>>;

type NewReview = Stay & { id: string; lotId: string; userId: string; rating: number; text?: string };

/** Writes the review and recounts its lot; false when the stay has a review already (a race of two). */
export async function insertReview(db: DB, review: NewReview) {
  const insert = db.insert(reviews).values(review).onConflictDoNothing().returning({ id: reviews.id });
  const [inserted] = await commit(db, [statementOf(db, insert), recountStatement(db, review.lotId)]);
  return inserted.results.length > 0;
}

/** The new rating and text (none clears it), and the lot recounted. */
export const updateReview = (db: DB, review: { id: string; lotId: string; rating: number; text?: string }, at: Date) =>
  commit(db, [
    statementOf(
      db,
      db
        .update(reviews)
        .set({ rating: review.rating, text: review.text ?? null, editedAt: at.toISOString() })
        .where(eq(reviews.id, review.id)),
    ),
    recountStatement(db, review.lotId),
  ]);

/** The owner's reply: the first one, or an edit of it. */
export const replyStatement = (db: DB, review: Pick<ReviewWithLot, 'id' | 'repliedAt'>, by: string, text: string, at: Date) =>
  statementOf(
    db,
    db
      .update(reviews)
      .set(
        review.repliedAt
          ? { replyText: text, replyBy: by, replyEditedAt: at.toISOString() }
          : { replyText: text, replyBy: by, repliedAt: at.toISOString() },
      )
      .where(eq(reviews.id, review.id)),
  );

/** A report, once per person per review: false when they had reported it already. */
export async function insertReport(db: DB, report: { id: string; reviewId: string; reporterId: string; reason: string }) {
  const rows = await db.insert(reviewReports).values(report).onConflictDoNothing().returning({ id: reviewReports.id });
  return rows.length > 0;
}

/** The super admin's decision: the review hidden or kept, its open reports closed, its lot recounted. */
export const moderationStatements = (
  db: DB,
  review: { id: string; lotId: string },
  decision: { moderation: 'hidden' | 'kept'; reason: string; by: string },
  at: Date,
) => [
  statementOf(
    db,
    db
      .update(reviews)
      .set({ moderation: decision.moderation, moderationReason: decision.reason, moderatedBy: decision.by, moderatedAt: at.toISOString() })
      .where(eq(reviews.id, review.id)),
  ),
  statementOf(
    db,
    db
      .update(reviewReports)
      .set({ decidedAt: at.toISOString() })
      .where(and(eq(reviewReports.reviewId, review.id), isNull(reviewReports.decidedAt))),
  ),
  recountStatement(db, review.lotId),
];

/** A lot's visible reviews counted by star (zeros before its first review). */
export async function lotDistribution(db: DB, lotId: string): Promise<Distribution> {
  const [row] = await db.select().from(lotRatings).where(eq(lotRatings.lotId, lotId));
  return { 5: row?.stars5 ?? 0, 4: row?.stars4 ?? 0, 3: row?.stars3 ?? 0, 2: row?.stars2 ?? 0, 1: row?.stars1 ?? 0 };
}

/** The name a review is signed with: first name and the initial of the last. */
const reviewerName = sql<string>`${users.firstName} || ' ' || substr(${users.lastName}, 1, 1) || '.'`;

const listColumns = {
  id: reviews.id,
  rating: reviews.rating,
  text: reviews.text,
  createdAt: reviews.createdAt,
  editedAt: reviews.editedAt,
  reviewer: reviewerName,
  /** A pass period's review, else a reservation's. */
  monthlyPass: sql<boolean>`${reviews.monthlyPassId} IS NOT NULL`.mapWith(Boolean),
  reply: { text: reviews.replyText, at: reviews.repliedAt, editedAt: reviews.replyEditedAt },
};

const pageByNewest = async <Row extends { id: string; createdAt: string }>(rows: Promise<Row[]>, page: PageRequest) =>
  pageOf(
    await rows,
    page,
    (row) => ({ key: row.createdAt, id: row.id }),
    (row) => row,
  );

/** A page of a lot's visible reviews, newest first. */
export const lotReviewsPage = (db: DB, lotId: string, page: PageRequest) =>
  pageByNewest(
    db
      .select(listColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(and(eq(reviews.lotId, lotId), visible, afterCursor(reviews.createdAt, reviews.id, page.cursor)))
      .orderBy(...newestFirst(reviews.createdAt, reviews.id))
      .limit(rowsToRead(page)),
    page,
  );

/** A page of the reviews of an owner's lots (every lot for `null`, the super admin), hidden ones marked. */
export const ownerReviewsPage = (db: DB, owner: { ownerId: string | null; lotId?: string }, page: PageRequest) =>
  pageByNewest(
    db
      .select({ ...listColumns, lotId: reviews.lotId, lotName: lots.name, moderation: reviews.moderation })
      .from(reviews)
      .innerJoin(lots, eq(lots.id, reviews.lotId))
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(
        and(
          owner.ownerId ? eq(lots.ownerId, owner.ownerId) : undefined,
          owner.lotId ? eq(reviews.lotId, owner.lotId) : undefined,
          afterCursor(reviews.createdAt, reviews.id, page.cursor),
        ),
      )
      .orderBy(...newestFirst(reviews.createdAt, reviews.id))
      .limit(rowsToRead(page)),
    page,
  );

/** A review someone reported that the super admin has not decided on since. */
const hasOpenReports = sql`EXISTS (SELECT 1 FROM ${reviewReports} WHERE ${reviewReports.reviewId} = ${reviews.id} AND ${reviewReports.decidedAt} IS NULL)`;

/** A page of reviews with reports still open, newest review first, each with the open reports' reasons. */
export async function reportedReviewsPage(db: DB, page: PageRequest) {
  const result = await pageByNewest(
    db
      .select({ ...listColumns, lotId: reviews.lotId, lotName: lots.name, moderation: reviews.moderation })
      .from(reviews)
      .innerJoin(lots, eq(lots.id, reviews.lotId))
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(and(hasOpenReports, afterCursor(reviews.createdAt, reviews.id, page.cursor)))
      .orderBy(...newestFirst(reviews.createdAt, reviews.id))
      .limit(rowsToRead(page)),
    page,
  );
  const ids = result.items.map((item) => item.id);
  const reports = ids.length
    ? await db
        .select({ reviewId: reviewReports.reviewId, reason: reviewReports.reason, createdAt: reviewReports.createdAt })
        .from(reviewReports)
        .where(and(inArray(reviewReports.reviewId, ids), isNull(reviewReports.decidedAt)))
        .orderBy(desc(reviewReports.createdAt))
    : [];
  return { ...result, items: result.items.map((item) => ({ ...item, reports: reports.filter((r) => r.reviewId === item.id) })) };
}
