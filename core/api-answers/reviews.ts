/** The answers of worker/reviews/ (docs/reviews.md). */
import { z } from 'zod';
import { count, instant, pageOf } from './shared';

const rating = z.number().int().min(1).max(5);
const moderation = z.enum(['hidden', 'kept']);

const reviewFields = {
  id: z.string(),
  rating,
  text: z.string().nullable(),
  createdAt: instant,
  editedAt: instant.nullable(),
};

/** A review as the lot's page shows it: the reviewer's first name and the owner's reply. */
const publicReviewFields = {
  ...reviewFields,
  reviewer: z.string(),
  monthlyPass: z.boolean(),
  reply: z.looseObject({ text: z.string().nullable(), at: instant.nullable(), editedAt: instant.nullable() }),
};
const lotReviewFields = { ...publicReviewFields, lotId: z.string(), lotName: z.string(), moderation: moderation.nullable() };

/** The driver's own review, with until when it may be edited. */
export const ownReviewAnswer = z.looseObject({ ...reviewFields, editableUntil: instant }).meta({ id: 'OwnReview' });

export const stayReviewAnswer = z.looseObject({ lotName: z.string(), review: ownReviewAnswer.nullable() }).meta({ id: 'StayReview' });

export const lotReviewPageAnswer = pageOf(z.looseObject(publicReviewFields))
  .extend({ average: z.number().nullable(), count, distribution: z.looseObject({}) })
  .meta({ id: 'LotReviewPage' });

export const ownerReviewPageAnswer = pageOf(z.looseObject(lotReviewFields)).meta({ id: 'OwnerReviewPage' });

export const reportedReviewPageAnswer = pageOf(
  z.looseObject({
    ...lotReviewFields,
    reports: z.array(z.looseObject({ reviewId: z.string(), reason: z.string(), createdAt: instant })),
  }),
).meta({ id: 'ReportedReviewPage' });

export const reviewReplyAnswer = z
  .looseObject({ id: z.string(), reply: z.looseObject({ text: z.string(), at: instant, editedAt: instant.nullable() }) })
  .meta({ id: 'ReviewReply' });

export const reviewReportAnswer = z.looseObject({ reported: z.boolean() }).meta({ id: 'ReviewReport' });

export const reviewModerationAnswer = z.looseObject({ id: z.string(), moderation }).meta({ id: 'ReviewModeration' });
