/** The answers of worker/lot-issues/ (docs/lot-issues.md). */
import { z } from 'zod';
import { ISSUE_PHOTO_TYPES, LOT_ISSUE_CATEGORIES, LOT_ISSUE_STATUSES, SLOT_TAKEN_CHOICES } from '../lot-issues';
import { cents, instant } from './shared';

const issueFields = {
  id: z.string(),
  lotId: z.string(),
  lotName: z.string(),
  reporterName: z.string(),
  reservationId: z.string().nullable(),
  plate: z.string().nullable(),
  slotLabel: z.string().nullable(),
  category: z.enum(LOT_ISSUE_CATEGORIES),
  text: z.string(),
  status: z.enum(LOT_ISSUE_STATUSES),
  photoUrl: z.string().nullable(),
  remedy: z.enum(SLOT_TAKEN_CHOICES).nullable(),
  createdAt: instant,
  acknowledgedAt: instant.nullable(),
  resolvedAt: instant.nullable(),
};

export const lotIssueAnswer = z.looseObject(issueFields).meta({ id: 'LotIssue' });

export const lotIssuesAnswer = z.array(lotIssueAnswer).meta({ id: 'LotIssues' });

/** A report with its thread between the driver and the lot's staff. */
export const lotIssueThreadAnswer = z
  .looseObject({
    ...issueFields,
    viewerIsStaff: z.boolean(),
    messages: z.array(
      z.looseObject({ id: z.string(), authorName: z.string(), fromStaff: z.boolean(), text: z.string(), createdAt: instant }),
    ),
  })
  .meta({ id: 'LotIssueThread' });

export const lotIssuePhotoAnswer = z
  .looseObject({ id: z.string(), photoUrl: z.string(), type: z.enum(ISSUE_PHOTO_TYPES), size: z.number().int() })
  .meta({ id: 'LotIssuePhoto' });

export const slotTakenRemedyAnswer = z.looseObject({ issue: lotIssueThreadAnswer, refundCents: cents }).meta({ id: 'SlotTakenRemedy' });
