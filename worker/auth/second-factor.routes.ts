import { Hono, type Context } from 'hono';
import { newFactorBody, secondFactorCodeBody } from '../../core/second-factor';
import { linkOrigin } from '../http/origin';
import type { AppEnv, SignedInEnv } from '../env';
import { clientIp } from '../http/edge';
import { signedIn } from '../http/middleware';
import { validate } from '../http/validate';
import { signInDevice } from './device-cookie';
import {
  confirmTotpEnrolment,
  regenerateRecoveryCodes,
  removeTotp,
  secondFactorStatus,
  startTotpEnrolment,
  stepUp,
  type FactorProof,
} from './second-factor.service';
import { recoveryCodesAnswer, secondFactorAnswer, totpSetupAnswer } from '../../core/api-answers/auth';
import { describedAs } from '../http/described';

const origin = <E extends AppEnv>(c: Context<E>) => linkOrigin(c.env, c.req.url);

const described = describedAs('auth');

/** The password typed to add a factor, with the client and device whose sign-in limits its guesses count against. */
export const factorProof = async (c: Context<SignedInEnv>, password: string | undefined): Promise<FactorProof> => ({
  password,
  ip: clientIp(c),
  device: await signInDevice(c, c.var.user.email),
});

/** Settings → Security: the authenticator app, the recovery codes, and the step-up the web app's dialog sends. */
export const secondFactorRoutes = new Hono<AppEnv>()
  .get('/account/second-factor', described({ summary: 'My second factor', answer: secondFactorAnswer }), signedIn, async (c) =>
    c.json(await secondFactorStatus(c.env, c.var.db, c.var.user)),
  )
  .post(
    '/account/second-factor/totp',
    described({ summary: 'Start setting up an authenticator app', answer: totpSetupAnswer, refusals: [409] }),
    signedIn,
    validate('json', newFactorBody),
    async (c) => c.json(await startTotpEnrolment(c, c.var.user, await factorProof(c, c.req.valid('json').password))),
  )
  .post(
    '/account/second-factor/totp/confirm',
    described({ summary: 'Confirm the authenticator app with a code', answer: recoveryCodesAnswer, refusals: [409, 429] }),
    signedIn,
    validate('json', secondFactorCodeBody),
    async (c) => c.json(await confirmTotpEnrolment(c, c.var.user, c.req.valid('json').code, origin(c))),
  )
  .delete(
    '/account/second-factor/totp',
    described({ summary: 'Remove the authenticator app', status: 204, refusals: [404, 409] }),
    signedIn,
    async (c) => {
      await removeTotp(c, c.var.user, origin(c));
      return c.body(null, 204);
    },
  )
  .post(
    '/account/second-factor/recovery-codes',
    described({ summary: 'New recovery codes', answer: recoveryCodesAnswer, refusals: [409] }),
    signedIn,
    async (c) => c.json(await regenerateRecoveryCodes(c, c.var.user)),
  )
  /** The second factor given again for a sensitive change; good for 15 minutes in this session. */
  .post(
    '/auth/step-up',
    described({ summary: 'Confirm it is me with a code (step-up)', status: 204, refusals: [429] }),
    signedIn,
    validate('json', secondFactorCodeBody),
    async (c) => {
      await stepUp(c, c.var.user, c.req.valid('json').code, clientIp(c), await signInDevice(c, c.var.user.email));
      return c.body(null, 204);
    },
  );
