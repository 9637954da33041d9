import { Hono } from 'hono';
import { z } from 'zod';
import { preferencesSchema, profileSchema } from '../../core/account';
import { consentSchema } from '../../core/legal-request';
import { deleteAccountSchema, exportFileName } from '../../core/privacy';
import { phoneCodeSchema } from '../../core/phone';
import { EMAIL_CHANGE_SENT, emailChangeSchema, verifyEmailSchema } from '../../core/verification';
import { vehicleSchema } from '../../core/vehicles';
import type { AppEnv } from '../env';
import { clientIp } from '../http/edge';
import { signedIn } from '../http/middleware';
import { linkOrigin } from '../http/origin';
import { validate } from '../http/validate';
import {
  acceptTerms,
  addVehicle,
  changePreferences,
  changeProfile,
  confirmEmailChange,
  editVehicle,
  vehiclesOf,
  preferencesOf,
  removeVehicle,
  requestEmailChange,
} from './account.service';
import { confirmPhoneCode, requestPhoneCode, smsAvailable } from './phone.service';
import { deleteAccount, exportAccount, signedOut } from './privacy.service';
import { emailChangedAnswer, preferencesAnswer, smsAnswer, vehicleAnswer, vehiclesAnswer } from '../../core/api-answers/account';
import { accountAnswer, noticeAnswer, signedInAnswer } from '../../core/api-answers/auth';
import { describedAs } from '../http/described';

const vehicleParams = z.object({ id: z.uuid('Unknown vehicle id') });

const described = describedAs('account');

/** The signed-in user's own profile, vehicles and preferences, as Settings edits them. */
export const accountRoutes = new Hono<AppEnv>()
  .patch(
    '/user/profile',
    described({ summary: 'Update my profile', answer: accountAnswer }),
    signedIn,
    validate('json', profileSchema),
    async (c) => c.json(await changeProfile(c.var.db, c.var.user.id, c.req.valid('json'))),
  )
  .get('/user/vehicles', described({ summary: 'List my vehicles', answer: vehiclesAnswer }), signedIn, async (c) =>
    c.json(await vehiclesOf(c.var.db, c.var.user.id)),
  )
  .post(
    '/user/vehicles',
    described({ summary: 'Add a vehicle', answer: vehicleAnswer, status: 201, refusals: [409] }),
    signedIn,
    validate('json', vehicleSchema),
    async (c) => c.json(await addVehicle(c.var.db, c.var.user.id, c.req.valid('json')), 201),
  )
  .patch(
    '/user/vehicles/:id',
    described({ summary: 'Edit a vehicle', answer: vehicleAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', vehicleParams),
    validate('json', vehicleSchema),
    async (c) => c.json(await editVehicle(c.var.db, c.var.user.id, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete(
    '/user/vehicles/:id',
    described({ summary: 'Remove a vehicle', status: 204, refusals: [404, 409] }),
    signedIn,
    validate('param', vehicleParams),
    async (c) => {
      await removeVehicle(c.var.db, c.var.user.id, c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  .get('/user/preferences', described({ summary: 'My notification preferences', answer: preferencesAnswer }), signedIn, async (c) =>
    c.json(await preferencesOf(c.var.db, c.var.user.id)),
  )
  .patch(
    '/user/preferences',
    described({ summary: 'Change my notification preferences', answer: preferencesAnswer }),
    signedIn,
    validate('json', preferencesSchema),
    async (c) => c.json(await changePreferences(c.var.db, c.var.user.id, c.req.valid('json'))),
  )
  /** Whether the server can text (Settings → Notifications says so when it cannot). */
  .get('/account/sms', described({ summary: 'Whether text messages can be sent', answer: smsAnswer }), (c) =>
    c.json({ available: smsAvailable(c.env) }),
  )
  /** Texts a 6-digit code to the profile's mobile (docs/account.md, Phone). */
  .post(
    '/account/phone/verify',
    described({ summary: 'Text a code to my phone number', answer: noticeAnswer, status: 202, refusals: [409, 429, 503] }),
    signedIn,
    async (c) => c.json(await requestPhoneCode(c.env, c.var.user, clientIp(c)), 202),
  )
  .post(
    '/account/phone/verify/confirm',
    described({ summary: 'Confirm my phone number with the code', answer: signedInAnswer, refusals: [409, 429] }),
    signedIn,
    validate('json', phoneCodeSchema),
    async (c) => c.json({ user: await confirmPhoneCode(c.var.db, c.var.user, c.req.valid('json').code) }),
  )
  /** Accepts the Terms and the Privacy Policy in force, once each is published (docs/privacy.md); only the current versions are accepted. */
  .post(
    '/account/consent',
    described({ summary: 'Accept the current Terms and Privacy Notice', answer: signedInAnswer }),
    signedIn,
    validate('json', consentSchema),
    async (c) => c.json({ user: await acceptTerms(c.var.db, c.var.user.id, c.req.valid('json')) }),
  )
  /** Settings → Profile → Change e-mail: a link to the new address; 409 when another account has it, 400 for a wrong password. */
  .post(
    '/account/email',
    described({
      summary: 'Change my e-mail address (a link goes to the new one)',
      answer: noticeAnswer,
      status: 202,
      refusals: [409, 429],
    }),
    signedIn,
    validate('json', emailChangeSchema),
    async (c) => {
      await requestEmailChange(c, c.var.user, c.req.valid('json'), clientIp(c), linkOrigin(c.env, c.req.url));
      return c.json({ message: EMAIL_CHANGE_SENT }, 202);
    },
  )
  /** The link sent to the new address was opened (no session needed: it may open in another browser). */
  .post(
    '/account/email/confirm',
    described({ summary: 'Confirm a new e-mail address from its link', answer: emailChangedAnswer, refusals: [409] }),
    validate('json', verifyEmailSchema),
    async (c) => c.json(await confirmEmailChange(c.env, c.var.db, c.req.valid('json').token, linkOrigin(c.env, c.req.url))),
  )
  /** "Download my data" (docs/privacy.md): one zip of everything held about the signed-in person. */
  .get(
    '/account/export',
    described({ summary: 'Download all my data (zip)', media: 'application/zip', refusals: [429] }),
    signedIn,
    async (c) => {
      const archive = await exportAccount(c, c.var.user);
      return new Response(archive, {
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="${exportFileName(new Date())}"`,
          'Cache-Control': 'no-store',
        },
      });
    },
  )
  /** "Delete my account" (docs/privacy.md): the account closes at once and this browser is signed out. */
  .delete(
    '/account',
    described({ summary: 'Delete my account', status: 204, refusals: [409] }),
    signedIn,
    validate('json', deleteAccountSchema),
    async (c) => {
      await deleteAccount(c, c.var.user, c.req.valid('json'), clientIp(c));
      signedOut(c);
      return c.body(null, 204);
    },
  );
