/** The answers of worker/documents/ (docs/documents.md): an owner application and the documents it carries. */
import { z } from 'zod';
import { REVIEW_STATUSES } from '../approvals';
import { DOCUMENT_TYPES } from '../documents';
import { OWNER_SIGNUP_ROLES } from '../roles';
import { instant } from './shared';

export const applicationDocumentAnswer = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    type: z.enum(DOCUMENT_TYPES),
    size: z.number().int().describe('Bytes.'),
    uploadedAt: instant,
    url: z.string().describe('Where the document downloads, for whoever may read it.'),
  })
  .meta({ id: 'ApplicationDocument' });

/** What an application says of the business, and where its review stands. */
const applicationFields = {
  id: z.string(),
  status: z.enum(REVIEW_STATUSES),
  submittedAt: instant,
  decisionReason: z.string().nullable(),
  decidedAt: instant.nullable(),
  businessName: z.string().nullable(),
  businessLicense: z.string().nullable(),
  taxId: z.string().nullable(),
  notes: z.string().nullable(),
};

/** The person's applications before the current one, with their decisions. */
const earlierApplicationsAnswer = z.array(z.looseObject(applicationFields));

export const ownerApplicationAnswer = z
  .looseObject({
    ...applicationFields,
    applicantRole: z.enum(OWNER_SIGNUP_ROLES),
    documents: z.array(applicationDocumentAnswer),
    earlier: earlierApplicationsAnswer,
  })
  .meta({ id: 'OwnerApplication' });

export const documentRemovedAnswer = z.looseObject({ id: z.string() }).meta({ id: 'DocumentRemoved' });
