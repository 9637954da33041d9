import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { passkeyRegistrationSchema, passkeyRenameSchema, passkeySignInSchema } from '../../core/passkeys';
import { newFactorBody } from '../../core/second-factor';
import { linkOrigin } from '../http/origin';
import type { AppEnv } from '../env';
import { clientIp } from '../http/edge';
import { signedIn } from '../http/middleware';
import { validate } from '../http/validate';
import { startSession } from './auth.routes';
import {
  addPasskey,
  registrationOptions,
  removePasskey,
  renameOwnPasskey,
  signInOptions,
  signInWithPasskey,
  stepUpWithPasskey,
} from './passkeys.service';
import { factorProof } from './second-factor.routes';
import { userView } from './user-view';
import {
  passkeyAnswer,
  passkeyRegisteredAnswer,
  passkeyRegistrationOptionsAnswer,
  passkeySignInOptionsAnswer,
  signedInAnswer,
} from '../../core/api-answers/auth';
import { describedAs } from '../http/described';

const origin = <E extends AppEnv>(c: Context<E>) => linkOrigin(c.env, c.req.url);
const passkeyParams = z.object({ id: z.string().min(1, 'Unknown passkey').max(1024, 'Unknown passkey') });

const described = describedAs('auth');

/** Settings → Security's passkeys, and "Sign in with a passkey" (docs/account.md, Passkeys). */
export const passkeyRoutes = new Hono<AppEnv>()
  .post(
    '/account/passkeys/registration-options',
    described({ summary: 'Options to register a passkey', answer: passkeyRegistrationOptionsAnswer, refusals: [409] }),
    signedIn,
    validate('json', newFactorBody),
    async (c) => c.json(await registrationOptions(c, c.var.user, await factorProof(c, c.req.valid('json').password), c.req.url)),
  )
  .post(
    '/account/passkeys',
    described({ summary: 'Register a passkey', answer: passkeyRegisteredAnswer, status: 201, refusals: [409] }),
    signedIn,
    validate('json', passkeyRegistrationSchema),
    async (c) => c.json(await addPasskey(c, c.var.user, c.req.valid('json'), c.req.url, origin(c)), 201),
  )
  .patch(
    '/account/passkeys/:id',
    described({ summary: 'Rename a passkey', answer: passkeyAnswer, refusals: [404] }),
    signedIn,
    validate('param', passkeyParams),
    validate('json', passkeyRenameSchema),
    async (c) => c.json(await renameOwnPasskey(c.var.db, c.var.user, c.req.valid('param').id, c.req.valid('json').name)),
  )
  .delete(
    '/account/passkeys/:id',
    described({ summary: 'Remove a passkey', status: 204, refusals: [404, 409] }),
    signedIn,
    validate('param', passkeyParams),
    async (c) => {
      await removePasskey(c, c.var.user, c.req.valid('param').id, origin(c));
      return c.body(null, 204);
    },
  )
  .post(
    '/auth/passkey/options',
    described({ summary: 'Options to sign in with a passkey', answer: passkeySignInOptionsAnswer, refusals: [429] }),
    async (c) => c.json(await signInOptions(c.env, c.var.db, c.req.url, clientIp(c))),
  )
  /** Signs in with a passkey instead of a password; the passkey counts as the second factor too. */
  .post(
    '/auth/passkey',
    described({ summary: 'Sign in with a passkey', answer: signedInAnswer, refusals: [429] }),
    validate('json', passkeySignInSchema),
    async (c) => {
      const { user, secondFactorAt } = await signInWithPasskey(c.env, c.var.db, c.req.valid('json').response, c.req.url);
      await startSession(c, user, secondFactorAt);
      return c.json({ user: userView(user) });
    },
  )
  /** Step-up with a passkey instead of a code (the challenge from POST /api/auth/passkey/options). */
  .post(
    '/auth/step-up/passkey',
    described({ summary: 'Confirm it is me with a passkey (step-up)', status: 204, refusals: [429] }),
    signedIn,
    validate('json', passkeySignInSchema),
    async (c) => {
      await stepUpWithPasskey(c, c.var.user, c.req.valid('json').response, c.req.url);
      return c.body(null, 204);
    },
  );
