import { Hono } from 'hono';
import { z } from 'zod';
import { issueMessageSchema, issueStatusSchema, lotIssueSchema, slotTakenChoiceSchema } from '../../core/lot-issue-request';
import type { AppEnv } from '../env';
import { idempotentRequest } from '../http/idempotency';
import { signedIn } from '../http/middleware';
import { validate } from '../http/validate';
import {
  addMessage,
  assertWorksLot,
  changeStatus,
  chooseSlotTakenRemedy,
  issuePhoto,
  issuesAtLot,
  issueWithThread,
  myIssues,
  openIssuesOfStaff,
  reportIssue,
  setIssuePhoto,
} from './lot-issues.service';
import { describedAs } from '../http/described';
import {
  lotIssueAnswer,
  lotIssuePhotoAnswer,
  lotIssueThreadAnswer,
  lotIssuesAnswer,
  slotTakenRemedyAnswer,
} from '../../core/api-answers/lot-issues';

const lotParams = z.object({ id: z.uuid('Unknown parking lot id') });
const issueParams = z.object({ id: z.uuid('Unknown report id') });
const atLotQuery = z.object({
  lotId: z.uuid('Choose the parking lot you work at.'),
  status: z.enum(['open', 'all'], { error: "Say 'open' or 'all'." }).default('open'),
});

const described = describedAs('lot-issues');

/**
 * Driver reports to a lot (docs/gate.md, Driver reports). The photo is the raw body of its PUT (its
 * larger body limit is in worker/http/edge.ts), with the image's own type; the bytes decide what it is.
 */
export const lotIssueRoutes = new Hono<AppEnv>()
  .post(
    '/lots/:id/issues',
    described({ summary: 'Report an issue at a lot', answer: lotIssueAnswer, status: 201, refusals: [404, 409, 429] }),
    signedIn,
    validate('param', lotParams),
    validate('json', lotIssueSchema),
    async (c) =>
      c.json(await reportIssue({ env: c.env, db: c.var.db, user: c.var.user }, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .get('/lot-issues', described({ summary: 'My reports', answer: lotIssuesAnswer }), signedIn, async (c) =>
    c.json(await myIssues(c.var.db, c.var.user.id)),
  )
  .get(
    '/lot-issues/:id',
    described({ summary: 'One report and its thread', answer: lotIssueThreadAnswer, refusals: [404] }),
    signedIn,
    validate('param', issueParams),
    async (c) => c.json(await issueWithThread({ env: c.env, db: c.var.db, user: c.var.user }, c.req.valid('param').id)),
  )
  .put(
    '/lot-issues/:id/photo',
    described({ summary: 'Attach a photo to my report', answer: lotIssuePhotoAnswer, status: 201, refusals: [404, 409, 413] }),
    signedIn,
    validate('param', issueParams),
    async (c) => {
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      return c.json(await setIssuePhoto({ env: c.env, db: c.var.db, user: c.var.user }, c.req.valid('param').id, bytes), 201);
    },
  )
  .get(
    '/lot-issues/:id/photo',
    described({ summary: "A report's photo (JPEG, PNG, WebP or HEIC, as sent)", media: 'image/*', refusals: [404] }),
    signedIn,
    validate('param', issueParams),
    async (c) => issuePhoto({ env: c.env, db: c.var.db, user: c.var.user }, c.req.valid('param').id),
  )
  .post(
    '/lot-issues/:id/messages',
    described({ summary: "Write in a report's thread", answer: lotIssueThreadAnswer, status: 201, refusals: [404, 409] }),
    signedIn,
    validate('param', issueParams),
    validate('json', issueMessageSchema),
    async (c) =>
      c.json(await addMessage({ env: c.env, db: c.var.db, user: c.var.user }, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .post(
    '/lot-issues/:id/status',
    described({ summary: "Change a report's status", answer: lotIssueThreadAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', issueParams),
    validate('json', issueStatusSchema),
    async (c) =>
      c.json(await changeStatus({ env: c.env, db: c.var.db, user: c.var.user }, c.req.valid('param').id, c.req.valid('json').status)),
  )
  .post(
    '/lot-issues/:id/slot-taken',
    described({
      summary: 'Choose what happens when my slot was taken',
      answer: slotTakenRemedyAnswer,
      idempotent: true,
      refusals: [404, 409],
    }),
    signedIn,
    validate('param', issueParams),
    validate('json', slotTakenChoiceSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { choice } = c.req.valid('json');
      const request = await idempotentRequest(c, `lot-issues.slot-taken:${id}`, { choice });
      return c.json(await chooseSlotTakenRemedy({ env: c.env, db: c.var.db, user: c.var.user }, id, choice, request));
    },
  )
  /** The attendant's screen: the lot's driver reports beside the issues the gate logs. */
  .get(
    '/attendant/lot-issues',
    described({ summary: 'Reports at a lot I attend', answer: lotIssuesAnswer, refusals: [404] }),
    signedIn,
    validate('query', atLotQuery),
    async (c) => {
      const { lotId, status } = c.req.valid('query');
      await assertWorksLot(c.var.db, c.var.user, lotId);
      return c.json(await issuesAtLot(c.var.db, lotId, status === 'open'));
    },
  )
  /** The owner's dashboard: open driver reports at every lot they own or work. */
  .get('/owner/lot-issues', described({ summary: 'Reports at my lots', answer: lotIssuesAnswer }), signedIn, async (c) =>
    c.json(await openIssuesOfStaff(c.var.db, c.var.user)),
  );
