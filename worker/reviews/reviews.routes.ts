import { Hono } from 'hono';
import { z } from 'zod';
import { moderationSchema, replySchema, reportSchema, reviewSchema } from '../../core/review-request';
import { REVIEWS_PAGE_SIZE } from '../../core/reviews';
import type { AppEnv } from '../env';
import { signedIn } from '../http/middleware';
import { pageQuery, pageQueryOf } from '../http/paging';
import { validate } from '../http/validate';
import {
  editReview,
  lotReviews,
  moderateReview,
  myReview,
  ownerReviews,
  replyToReview,
  reportReview,
  reportedReviews,
  writeReview,
  type StayKind,
} from './reviews.service';
import { describedAs } from '../http/described';
import {
  lotReviewPageAnswer,
  ownReviewAnswer,
  ownerReviewPageAnswer,
  reportedReviewPageAnswer,
  reviewModerationAnswer,
  reviewReplyAnswer,
  reviewReportAnswer,
  stayReviewAnswer,
} from '../../core/api-answers/reviews';

const idParams = z.object({ id: z.uuid('Unknown id') });
const ownerQuery = pageQuery.extend({ lotId: z.uuid('Unknown lot id').optional() });

const described = describedAs('reviews');

/** GET, POST and PATCH of the driver's review of one stay: a reservation's, or a monthly pass period's. */
const stayReviewRoutes = (kind: StayKind) =>
  new Hono<AppEnv>()
    .get(
      '/review',
      described({ summary: `My review of a ${kind}`, answer: stayReviewAnswer, refusals: [404] }),
      signedIn,
      validate('param', idParams),
      async (c) => c.json(await myReview(c.env, c.var.db, c.var.user, kind, c.req.valid('param').id)),
    )
    .post(
      '/review',
      described({ summary: `Review a ${kind}`, answer: ownReviewAnswer, status: 201, refusals: [404, 409] }),
      signedIn,
      validate('param', idParams),
      validate('json', reviewSchema),
      async (c) => c.json(await writeReview(c.env, c.var.db, c.var.user, kind, c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .patch(
      '/review',
      described({ summary: `Edit my review of a ${kind}`, answer: ownReviewAnswer, refusals: [404, 409] }),
      signedIn,
      validate('param', idParams),
      validate('json', reviewSchema),
      async (c) => c.json(await editReview(c.env, c.var.db, c.var.user, kind, c.req.valid('param').id, c.req.valid('json'))),
    );

/** The owner's reply: a second POST, or a PATCH, edits it. */
const reply = [signedIn, validate('param', idParams), validate('json', replySchema)] as const;

/** Verified reviews (docs/reviews.md). */
export const reviewRoutes = new Hono<AppEnv>()
  .route('/reservations/:id', stayReviewRoutes('reservation'))
  .route('/monthly-passes/:id', stayReviewRoutes('pass'))
  .get(
    '/lots/:id/reviews',
    described({ summary: "A lot's reviews", answer: lotReviewPageAnswer, refusals: [404] }),
    validate('param', idParams),
    validate('query', pageQueryOf(REVIEWS_PAGE_SIZE)),
    async (c) => {
      const { limit, cursor } = c.req.valid('query');
      return c.json(await lotReviews(c.var.db, c.req.valid('param').id, { limit, cursor }));
    },
  )
  .get(
    '/owner/reviews',
    described({ summary: 'Reviews of my lots', answer: ownerReviewPageAnswer }),
    signedIn,
    validate('query', ownerQuery),
    async (c) => {
      const { lotId, limit, cursor } = c.req.valid('query');
      return c.json(await ownerReviews(c.var.db, c.var.user, lotId, { limit, cursor }));
    },
  )
  .post(
    '/owner/reviews/:id/reply',
    described({ summary: 'Reply to a review', answer: reviewReplyAnswer, refusals: [404, 409] }),
    ...reply,
    async (c) => c.json(await replyToReview(c.var.db, c.var.user, c.req.valid('param').id, c.req.valid('json').text)),
  )
  .patch(
    '/owner/reviews/:id/reply',
    described({ summary: 'Edit my reply to a review', answer: reviewReplyAnswer, refusals: [404, 409] }),
    ...reply,
    async (c) => c.json(await replyToReview(c.var.db, c.var.user, c.req.valid('param').id, c.req.valid('json').text)),
  )
  .post(
    '/reviews/:id/report',
    described({ summary: 'Report a review', answer: reviewReportAnswer, status: 201, refusals: [404, 409] }),
    signedIn,
    validate('param', idParams),
    validate('json', reportSchema),
    async (c) => c.json(await reportReview(c.var.db, c.var.user, c.req.valid('param').id, c.req.valid('json').reason), 201),
  )
  .get(
    '/admin/reviews/reported',
    described({ summary: 'Reported reviews', answer: reportedReviewPageAnswer }),
    signedIn,
    validate('query', pageQuery),
    async (c) => c.json(await reportedReviews(c.var.db, c.req.valid('query'))),
  )
  .post(
    '/admin/reviews/:id/hide',
    described({ summary: 'Hide a reported review', answer: reviewModerationAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', idParams),
    validate('json', moderationSchema),
    async (c) => c.json(await moderateReview(c.var.db, c.var.user, c.req.valid('param').id, 'hidden', c.req.valid('json').reason)),
  )
  .post(
    '/admin/reviews/:id/keep',
    described({ summary: 'Keep a reported review', answer: reviewModerationAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', idParams),
    validate('json', moderationSchema),
    async (c) => c.json(await moderateReview(c.var.db, c.var.user, c.req.valid('param').id, 'kept', c.req.valid('json').reason)),
  );
