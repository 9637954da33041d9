/**
 * Verified reviews (docs/reviews.md): a driver reviews their own completed stay, once, and edits it for
 * 14 days; a lot's page lists its visible reviews with their rating; the lot's owner replies; anyone
 * signed in reports a review and the super admin hides or keeps it, audited.
 */
import type { Review } from '../../core/review-request';
import { canEditReview, editableUntil, ratingSummary, REVIEW_EDIT_DAYS, whyPassNotReviewable } from '../../core/reviews';
import { notFound, refusal } from '../../core/refusal';
import { auditStatement } from '../audit/audit.data';
import { commit, type DB } from '../db/client';
import { newId } from '../db/ids';
import type { PageRequest } from '../db/pages';
import type { Bindings, SessionUser } from '../env';
import { lotObject } from '../lot-object/stub';
import { ownReservationAnywhere } from '../reservations/reservations.service';
import { approvedLot, assertManagesLot, isLotStaff } from '../lots/lots.service';
import {
  insertReport,
  insertReview,
  lotDistribution,
  lotReviewsPage,
  moderationStatements,
  ownerReviewsPage,
  passStay,
  replyStatement,
  reportedReviewsPage,
  reservationStay,
  reviewOfStay,
  reviewWithLot,
  updateReview,
  type Stay,
} from './reviews.data';
import { reviewEventData } from '../../core/webhooks';
import { lotEvent } from '../webhooks/webhooks.service';

/** What a review is of: the driver's own stay, with its lot, once it is reviewable. */
type Reviewable = { stay: Stay; lotId: string; lotName: string };

/**
 * The driver's reservation, reviewable once COMPLETED, in D1 or (over for a week) in the archive
 * (docs/payments.md, Archive); someone else's is answered as no such stay.
 */
async function reservationToReview(env: Bindings, db: DB, user: SessionUser, id: string): Promise<Reviewable> {
  const inD1 = await reservationStay(db, id);
  if (inD1 && inD1.userId !== user.id) throw notFound('Reservation');
  const reservation = inD1 ?? (await ownReservationAnywhere(env, db, user.id, id));
  if (reservation.status !== 'COMPLETED')
    throw refusal('conflict', 'You can review a stay once it is completed: after you have checked out.');
  return { stay: { reservationId: id }, lotId: reservation.lotId, lotName: reservation.lotName };
}

/** The driver's monthly pass period, reviewable once it has ended with at least one stay in it. */
async function passToReview(env: Bindings, db: DB, user: SessionUser, id: string, now: Date): Promise<Reviewable> {
  const pass = await passStay(db, id);
  if (!pass || pass.userId !== user.id) throw notFound('Monthly pass');
  // No stay in D1: its stays may have moved into the lot's object (docs/gate.md, Where a stay lives).
  if (pass.stays === 0)
    pass.stays = (await lotObject(env, pass.lotId).staysOf({ reservationIds: [], passIds: [id] })).filter(isClosed).length;
  const why = whyPassNotReviewable(pass, now);
  if (why) throw refusal('conflict', why);
  return { stay: { monthlyPassId: id }, lotId: pass.lotId, lotName: pass.lotName };
}

export type StayKind = 'reservation' | 'pass';
/** A stay that left, not undone: what a pass's review counts. */
const isClosed = (stay: { exitTs: string | null; undoneAt: string | null }) => stay.exitTs !== null && stay.undoneAt === null;

async function reviewable(env: Bindings, db: DB, user: SessionUser, kind: StayKind, id: string, now: Date) {
  const stay = kind === 'reservation' ? await reservationToReview(env, db, user, id) : await passToReview(env, db, user, id, now);
  if (!(await mayReviewLot(db, user.id, stay.lotId)))
    throw refusal('forbidden', `You own or work at ${stay.lotName}: its staff cannot review it. Reviews are drivers' own.`);
  return stay;
}

/** A lot's owner and its attendants do not review it: reviews are the word of drivers who parked there. */
export const mayReviewLot = async (db: DB, userId: string, lotId: string) => !(await isLotStaff(db, userId, lotId));

const ownView = <T extends { createdAt: string }>(review: T) => ({
  ...review,
  editableUntil: editableUntil(review.createdAt).toISOString(),
});

/** The driver's review of their stay, or null: what the Rate your stay dialog opens with. */
export async function myReview(env: Bindings, db: DB, user: SessionUser, kind: StayKind, id: string, now = new Date()) {
  const { stay, lotName } = await reviewable(env, db, user, kind, id, now);
  const review = await reviewOfStay(db, stay);
  return { lotName, review: review && ownView(review) };
}

/** A review of the driver's completed stay: one per stay (a second is a 409). */
export async function writeReview(env: Bindings, db: DB, user: SessionUser, kind: StayKind, id: string, input: Review, now = new Date()) {
  const { stay, lotId } = await reviewable(env, db, user, kind, id, now);
  const written = await insertReview(db, { ...stay, id: newId(), lotId, userId: user.id, rating: input.rating, text: input.text });
  if (!written) throw refusal('conflict', 'You have reviewed this stay already: edit your review instead.');
  const review = (await reviewOfStay(db, stay))!;
  await lotEvent({ env, db }, 'review.posted', reviewEventData({ ...review, lotId }), now);
  return ownView(review);
}

/** An edit of the driver's review, within 14 days of writing it. */
export async function editReview(env: Bindings, db: DB, user: SessionUser, kind: StayKind, id: string, input: Review, now = new Date()) {
  const { stay, lotId } = await reviewable(env, db, user, kind, id, now);
  const review = await reviewOfStay(db, stay);
  if (!review) throw notFound('Review');
  if (!canEditReview(review.createdAt, now))
    throw refusal('conflict', `A review can be edited for ${REVIEW_EDIT_DAYS} days; this one can no longer be changed.`);
  await updateReview(db, { id: review.id, lotId, rating: input.rating, text: input.text }, now);
  return ownView((await reviewOfStay(db, stay))!);
}

/** A lot's rating (its visible reviews) and a page of them, newest first. */
export async function lotReviews(db: DB, lotId: string, page: PageRequest) {
  await approvedLot(db, lotId);
  const [distribution, list] = await Promise.all([lotDistribution(db, lotId), lotReviewsPage(db, lotId, page)]);
  return { ...ratingSummary(distribution), ...list };
}

/** The reviews of the owner's lots (one lot's, when named), hidden ones marked: where they reply. */
export async function ownerReviews(db: DB, owner: SessionUser, lotId: string | undefined, page: PageRequest) {
  if (lotId) await assertManagesLot(db, owner, lotId);
  return ownerReviewsPage(db, { ownerId: owner.role === 'super_admin' ? null : owner.id, lotId }, page);
}

/** The owner's public reply to a review of their lot: the first one, or an edit of it. Audited. */
export async function replyToReview(db: DB, owner: SessionUser, reviewId: string, text: string, now = new Date()) {
  const review = await reviewWithLot(db, reviewId);
  if (!review || (owner.role !== 'super_admin' && review.ownerId !== owner.id)) throw notFound('Review');
  await commit(db, [
    replyStatement(db, review, owner.id, text, now),
    auditStatement(db, owner, {
      action: 'REPLY_REVIEW',
      subject: reviewId,
      context: { lotId: review.lotId, lotName: review.lotName, edit: !!review.repliedAt },
    }),
  ]);
  return {
    id: reviewId,
    reply: { text, at: review.repliedAt ?? now.toISOString(), editedAt: review.repliedAt ? now.toISOString() : null },
  };
}

/** A report of a review someone can see, once per person. */
export async function reportReview(db: DB, user: SessionUser, reviewId: string, reason: string) {
  const review = await reviewWithLot(db, reviewId);
  if (!review || review.moderation === 'hidden') throw notFound('Review');
  if (review.userId === user.id) throw refusal('conflict', 'This is your own review: edit it instead of reporting it.');
  if (!(await insertReport(db, { id: newId(), reviewId, reporterId: user.id, reason })))
    throw refusal('conflict', 'You have reported this review already. Parkada will look at it.');
  return { reported: true };
}

/** The super admin's decision on a reported review: hidden (out of the lot's rating) or kept. Audited. */
export async function moderateReview(
  db: DB,
  admin: SessionUser,
  reviewId: string,
  decision: 'hidden' | 'kept',
  reason: string,
  now = new Date(),
) {
  const review = await reviewWithLot(db, reviewId);
  if (!review) throw notFound('Review');
  await commit(db, [
    ...moderationStatements(db, review, { moderation: decision, reason, by: admin.id }, now),
    auditStatement(db, admin, {
      action: decision === 'hidden' ? 'HIDE_REVIEW' : 'KEEP_REVIEW',
      subject: reviewId,
      context: { lotId: review.lotId, lotName: review.lotName, rating: review.rating, reason },
    }),
  ]);
  return { id: reviewId, moderation: decision };
}

/** Reviews with reports still open, for the super admin. */
export const reportedReviews = (db: DB, page: PageRequest) => reportedReviewsPage(db, page);
