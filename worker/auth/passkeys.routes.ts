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

const origin = <E extends AppEnv>(c: Context<E>) => linkOrigin(c.env, c.req.url);
const passkeyParams = z.object({ id: z.string().min(1, 'Unknown passkey').max(1024, 'Unknown passkey') });

/** Settings → Security's passkeys, and "Sign in with a passkey" (docs/account.md, Passkeys). */
export const passkeyRoutes = new Hono<AppEnv>()
  .post('/account/passkeys/registration-options', signedIn, validate('json', newFactorBody), async (c) =>
    c.json(await registrationOptions(c, c.var.user, await factorProof(c, c.req.valid('json').password), c.req.url)),
  )
  .post('/account/passkeys', signedIn, validate('json', passkeyRegistrationSchema), async (c) =>
    c.json(await addPasskey(c, c.var.user, c.req.valid('json'), c.req.url, origin(c)), 201),
  )
  .patch('/account/passkeys/:id', signedIn, validate('param', passkeyParams), validate('json', passkeyRenameSchema), async (c) =>
    c.json(await renameOwnPasskey(c.var.db, c.var.user, c.req.valid('param').id, c.req.valid('json').name)),
  )
  .delete('/account/passkeys/:id', signedIn, validate('param', passkeyParams), async (c) => {
    await removePasskey(c, c.var.user, c.req.valid('param').id, origin(c));
    return c.body(null, 204);
  })
  .post('/auth/passkey/options', async (c) => c.json(await signInOptions(c.env, c.var.db, c.req.url, clientIp(c))))
  /** Signs in with a passkey instead of a password; the passkey counts as the second factor too. */
  .post('/auth/passkey', validate('json', passkeySignInSchema), async (c) => {
    const { user, secondFactorAt } = await signInWithPasskey(c.env, c.var.db, c.req.valid('json').response, c.req.url);
    await startSession(c, user, secondFactorAt);
    return c.json({ user: userView(user) });
  })
  /** Step-up with a passkey instead of a code (the challenge from POST /api/auth/passkey/options). */
  .post('/auth/step-up/passkey', signedIn, validate('json', passkeySignInSchema), async (c) => {
    await stepUpWithPasskey(c, c.var.user, c.req.valid('json').response, c.req.url);
    return c.body(null, 204);
  });
