import { Hono } from 'hono';
import { z } from 'zod';
import { supportMessageSchema, supportRequestSchema } from '../../core/support-request';
import type { AppEnv } from '../env';
import { signedIn } from '../http/middleware';
import { pageQuery } from '../http/paging';
import { validate } from '../http/validate';
import { attachment, setAttachment } from './support-attachments.service';
import { answerAsAuthor, myRequests, replyAsSupport, requestWithThread, supportInbox, writeToSupport } from './support.service';
import {
  supportAttachmentAnswer,
  supportInboxAnswer,
  supportRequestsAnswer,
  supportThreadAnswer,
  supportWrittenAnswer,
} from '../../core/api-answers/support';
import { describedAs } from '../http/described';

const requestParams = z.object({ id: z.uuid('Unknown support request id') });

const described = describedAs('support');

/**
 * Support requests (docs/support.md). The attachment is the raw body of its PUT (its larger body limit
 * is in worker/http/edge.ts); the bytes decide what it is. A suspended person reaches these routes
 * (core/roles.ts, SUSPENDED_MAY_REACH); the admin's are under /api/admin/, the super admin's area.
 */
export const supportRoutes = new Hono<AppEnv>()
  .post(
    '/support',
    described({ summary: 'Write to support', answer: supportWrittenAnswer, status: 201, refusals: [429] }),
    signedIn,
    validate('json', supportRequestSchema),
    async (c) => c.json(await writeToSupport({ env: c.env, db: c.var.db, user: c.var.user }, c.req.valid('json')), 201),
  )
  .get('/support', described({ summary: 'My support requests', answer: supportRequestsAnswer }), signedIn, async (c) =>
    c.json(await myRequests(c.var.db, c.var.user.id)),
  )
  .get(
    '/support/:id',
    described({ summary: 'One support request and its thread', answer: supportThreadAnswer, refusals: [404] }),
    signedIn,
    validate('param', requestParams),
    async (c) => c.json(await requestWithThread({ env: c.env, db: c.var.db, user: c.var.user }, c.req.valid('param').id)),
  )
  .put(
    '/support/:id/attachment',
    described({ summary: 'Attach a file to my request', answer: supportAttachmentAnswer, status: 201, refusals: [404, 409, 413] }),
    signedIn,
    validate('param', requestParams),
    async (c) => {
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      return c.json(await setAttachment({ env: c.env, db: c.var.db, user: c.var.user }, c.req.valid('param').id, bytes), 201);
    },
  )
  .get(
    '/support/:id/attachment',
    described({ summary: "A request's attachment", media: 'application/octet-stream', refusals: [404] }),
    signedIn,
    validate('param', requestParams),
    async (c) => attachment({ env: c.env, db: c.var.db, user: c.var.user }, c.req.valid('param').id),
  )
  .post(
    '/support/:id/messages',
    described({ summary: "Write in my request's thread", answer: supportThreadAnswer, status: 201, refusals: [404, 409] }),
    signedIn,
    validate('param', requestParams),
    validate('json', supportMessageSchema),
    async (c) =>
      c.json(await answerAsAuthor({ env: c.env, db: c.var.db, user: c.var.user }, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .get(
    '/admin/support',
    described({ summary: 'Support requests', answer: supportInboxAnswer }),
    signedIn,
    validate('query', pageQuery),
    async (c) => c.json(await supportInbox(c.var.db, c.req.valid('query'))),
  )
  .get(
    '/admin/support/:id',
    described({ summary: 'A support request', answer: supportThreadAnswer, refusals: [404] }),
    signedIn,
    validate('param', requestParams),
    async (c) => c.json(await requestWithThread({ env: c.env, db: c.var.db, user: c.var.user }, c.req.valid('param').id)),
  )
  .post(
    '/admin/support/:id/messages',
    described({ summary: 'Answer a support request', answer: supportThreadAnswer, status: 201, refusals: [404, 409] }),
    signedIn,
    validate('param', requestParams),
    validate('json', supportMessageSchema),
    async (c) =>
      c.json(await replyAsSupport({ env: c.env, db: c.var.db, user: c.var.user }, c.req.valid('param').id, c.req.valid('json')), 201),
  );
