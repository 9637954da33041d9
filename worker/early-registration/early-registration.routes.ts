import { Hono } from 'hono';
import { earlyRegistrationSchema } from '../../core/signup';
import type { AppEnv } from '../env';
import { validate } from '../http/validate';
import { registerInterest } from './early-registration.service';
import { earlyRegistrationAnswer } from '../../core/api-answers/platform';
import { describedAs } from '../http/described';

const described = describedAs('early-registration');

/** Registering again is accepted and changes nothing, so an eager visitor is never refused. */
export const earlyRegistrationRoutes = new Hono<AppEnv>().post(
  '/early-registration',
  described({ summary: 'Register early interest', answer: earlyRegistrationAnswer, status: [200, 201] }),
  validate('json', earlyRegistrationSchema),
  async (c) => {
    const isNew = await registerInterest(c.var.db, c.req.valid('json'));
    return c.json({ registered: true, alreadyRegistered: !isNew }, isNew ? 201 : 200);
  },
);
