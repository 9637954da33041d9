import { Hono } from 'hono';
import { z } from 'zod';
import { tagCreateSchema, tapOutSchema, tapSchema } from '../../core/tags';
import type { AppEnv } from '../env';
import { idempotentRequest } from '../http/idempotency';
import { signedIn } from '../http/middleware';
import { linkOrigin } from '../http/origin';
import { validate } from '../http/validate';
import { checkInByTag, checkOutByTag, createTag, listTags, revokeTag, tapView } from './tags.service';
import { describedAs } from '../http/described';
import { lotTagsAnswer, tagAnswer, tagCreatedAnswer, tagTapAnswer } from '../../core/api-answers/tags';
import { stayAnswer } from '../../core/api-answers';

const lotParams = z.object({ lotId: z.uuid('Unknown lot id') });
const tagParams = lotParams.extend({ id: z.uuid('Unknown tag id') });
const tokenParams = z.object({ token: z.string().max(200, 'This is not a tag link.') });

const described = describedAs('tags');

/** A lot's NFC/QR tags: its owner's (another owner's lot is a 404), and the tap of a signed-in driver (docs/gate.md, Entrance tags). */
export const tagRoutes = new Hono<AppEnv>()
  .get(
    '/owner/lots/:lotId/tags',
    described({ summary: "A lot's NFC tags and QR codes", answer: lotTagsAnswer, refusals: [404] }),
    signedIn,
    validate('param', lotParams),
    async (c) => {
      const ctx = { env: c.env, db: c.var.db, owner: c.var.user, origin: linkOrigin(c.env, c.req.url) };
      return c.json(await listTags(ctx, c.req.valid('param').lotId));
    },
  )
  .post(
    '/owner/lots/:lotId/tags',
    described({ summary: 'Make a tag for a lot', answer: tagCreatedAnswer, status: 201, refusals: [404] }),
    signedIn,
    validate('param', lotParams),
    validate('json', tagCreateSchema),
    async (c) => {
      const ctx = { env: c.env, db: c.var.db, owner: c.var.user, origin: linkOrigin(c.env, c.req.url) };
      return c.json(await createTag(ctx, c.req.valid('param').lotId, c.req.valid('json').kind), 201);
    },
  )
  .delete(
    '/owner/lots/:lotId/tags/:id',
    described({ summary: 'Retire a tag', answer: tagAnswer, refusals: [404] }),
    signedIn,
    validate('param', tagParams),
    async (c) => {
      const { lotId, id } = c.req.valid('param');
      return c.json(await revokeTag(c.var.db, c.var.user, lotId, id));
    },
  )
  .get(
    '/tags/:token',
    described({ summary: 'What a tapped tag offers', answer: tagTapAnswer, refusals: [404] }),
    signedIn,
    validate('param', tokenParams),
    async (c) => c.json(await tapView(c.env, c.var.db, c.var.user, c.req.valid('param').token)),
  )
  .post(
    '/tags/:token/check-in',
    described({ summary: 'Check in by tapping a tag', answer: stayAnswer, idempotent: true, status: 201, refusals: [402, 404, 409] }),
    signedIn,
    validate('param', tokenParams),
    validate('json', tapSchema),
    async (c) => {
      const { token } = c.req.valid('param');
      const tap = c.req.valid('json');
      const request = await idempotentRequest(c, 'tags.check-in', { token });
      const { checkin, replayed } = await checkInByTag({ env: c.env, db: c.var.db, user: c.var.user }, token, tap, request);
      if (replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(checkin, 201);
    },
  )
  .post(
    '/tags/:token/check-out',
    described({ summary: 'Check out by tapping a tag', answer: stayAnswer, idempotent: true, refusals: [402, 404, 409] }),
    signedIn,
    validate('param', tokenParams),
    validate('json', tapOutSchema),
    async (c) => {
      const { token } = c.req.valid('param');
      const request = await idempotentRequest(c, 'tags.check-out', { token });
      return c.json(await checkOutByTag({ env: c.env, db: c.var.db, user: c.var.user }, token, c.req.valid('json'), request));
    },
  );
