import { Hono } from 'hono';
import { z } from 'zod';
import { buyPassSchema, passMonthQuery, passPlanSchema } from '../../core/monthly-pass-request';
import type { AppEnv } from '../env';
import { idempotentRequest } from '../http/idempotency';
import { validate } from '../http/validate';
import { buyPass, lotPasses, myPasses, passOffer, setPassPlan } from './monthly-passes.service';

const lotParams = z.object({ id: z.uuid('Unknown lot id') });

/** Monthly passes: a lot's offer, a driver's purchase and passes, the owner's plan and passes sold. */
export const monthlyPassRoutes = new Hono<AppEnv>()
  .get('/lots/:id/monthly-pass', validate('param', lotParams), async (c) =>
    c.json(await passOffer(c.var.db, c.req.valid('param').id, new Date())),
  )
  .get('/monthly-passes', async (c) => c.json(await myPasses(c.var.db, c.var.user!, new Date())))
  .post('/monthly-passes', validate('json', buyPassSchema), async (c) => {
    const input = c.req.valid('json');
    const request = await idempotentRequest(c, 'monthly-passes.buy', input);
    const { pass, replayed } = await buyPass(c.var.db, c.var.user!, input, request);
    if (replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(pass, 201);
  })
  .get('/owner/lots/:id/monthly-pass', validate('param', lotParams), validate('query', passMonthQuery), async (c) =>
    c.json(await lotPasses(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('query').month, new Date())),
  )
  .put('/owner/lots/:id/monthly-pass', validate('param', lotParams), validate('json', passPlanSchema), async (c) =>
    c.json(await setPassPlan(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json'), new Date())),
  );
