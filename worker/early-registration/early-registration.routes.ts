import { Hono } from 'hono';
import { earlyRegistrationSchema } from '../../core/signup';
import { earlyRegistrations } from '../db/schema';
import { newId } from '../db/ids';
import type { AppEnv } from '../env';
import { validate } from '../http/validate';

/** Stored once per e-mail; registering again is accepted and changes nothing, so an eager visitor is never refused. */
export const earlyRegistrationRoutes = new Hono<AppEnv>().post(
  '/early-registration',
  validate('json', earlyRegistrationSchema),
  async (c) => {
    const input = c.req.valid('json');
    const inserted = await c.var.db
      .insert(earlyRegistrations)
      .values({ id: newId(), ...input })
      .onConflictDoNothing({ target: earlyRegistrations.email })
      .returning({ id: earlyRegistrations.id });
    return c.json({ registered: true, alreadyRegistered: inserted.length === 0 }, inserted.length ? 201 : 200);
  },
);
