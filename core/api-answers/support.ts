/** The answers of worker/support/ (docs/support.md): a person's requests to support and their threads. */
import { z } from 'zod';
import { ISSUE_PHOTO_TYPES } from '../lot-issues';
import { SUPPORT_CATEGORIES, SUPPORT_STATUSES } from '../support';
import { instant, pageOf } from './shared';

const supportRequestAnswer = z
  .looseObject({
    id: z.string(),
    category: z.enum(SUPPORT_CATEGORIES),
    categoryLabel: z.string(),
    subject: z.string(),
    text: z.string(),
    status: z.enum(SUPPORT_STATUSES),
    authorName: z.string(),
    attachmentUrl: z.string().nullable(),
    createdAt: instant,
    lastMessageAt: instant,
  })
  .meta({ id: 'SupportRequest' });

export const supportRequestsAnswer = z.array(supportRequestAnswer).meta({ id: 'SupportRequests' });
export const supportInboxAnswer = pageOf(supportRequestAnswer).meta({ id: 'SupportInbox' });

export const supportThreadAnswer = supportRequestAnswer
  .extend({
    authorEmail: z.string().optional().describe("The author's address, for support's side only."),
    messages: z.array(
      z.looseObject({ id: z.string(), authorName: z.string(), fromSupport: z.boolean(), text: z.string(), createdAt: instant }),
    ),
  })
  .meta({ id: 'SupportThread' });

export const supportWrittenAnswer = z.looseObject({ id: z.string() }).meta({ id: 'SupportWritten' });

export const supportAttachmentAnswer = z
  .looseObject({ id: z.string(), attachmentUrl: z.string(), type: z.enum(ISSUE_PHOTO_TYPES), size: z.number().int() })
  .meta({ id: 'SupportAttachment' });
