import { Hono } from 'hono';
import { z } from 'zod';
import { apiKeyCreatedAnswer } from '../../core/api-answers';
import { apiKeySchema } from '../../core/api-key-request';
import type { AppEnv } from '../env';
import { apiKeysAnswer } from '../../core/api-answers/api-keys';
import { describedAs } from '../http/described';
import { signedIn } from '../http/middleware';
import { validate } from '../http/validate';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const described = describedAs('api-keys');
const keyParams = z.object({ id: z.uuid('Unknown API key') });

/** Settings' API keys (docs/api.md, Authentication and API keys): made and revoked in a session, never with a key. */
export const apiKeyRoutes = new Hono<AppEnv>()
  .get('/account/api-keys', described({ summary: 'My API keys, never the keys themselves', answer: apiKeysAnswer }), signedIn, async (c) =>
    c.json(await listApiKeys(c.var.db, c.var.user)),
  )
  .post(
    '/account/api-keys',
    described({ summary: 'Make an API key', status: 201, answer: apiKeyCreatedAnswer, refusals: [403, 409] }),
    signedIn,
    validate('json', apiKeySchema),
    async (c) => c.json(await createApiKey(c, c.var.user, c.req.valid('json')), 201),
  )
  .delete(
    '/account/api-keys/:id',
    described({ summary: 'Revoke an API key', status: 204, refusals: [403, 404] }),
    signedIn,
    validate('param', keyParams),
    async (c) => {
      await revokeApiKey(c, c.var.user, c.req.valid('param').id);
      return c.body(null, 204);
    },
  );
