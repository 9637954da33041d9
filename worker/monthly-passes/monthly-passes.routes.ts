import { Hono } from 'hono';
import { z } from 'zod';
import { buyPassSchema, passProductPatchSchema, passProductSchema, passRenewalSchema } from '../../core/monthly-pass-request';
import type { AppEnv } from '../env';
import { idempotentRequest } from '../http/idempotency';
import { signedIn } from '../http/middleware';
import { validate } from '../http/validate';
import { buyPass, createProduct, myPasses, ownerProducts, pauseProduct, productsOnSale, setAutoRenew } from './monthly-passes.service';
import { describedAs } from '../http/described';
import {
  lotPassProductsAnswer,
  monthlyPassAnswer,
  monthlyPassesAnswer,
  passProductAnswer,
  passProductsOnSaleAnswer,
} from '../../core/api-answers/monthly-passes';

const lotParams = z.object({ lotId: z.uuid('Unknown lot id') });
const productParams = lotParams.extend({ productId: z.uuid('Unknown pass') });
const passParams = z.object({ id: z.uuid('Unknown pass') });

const described = describedAs('monthly-passes');

/** Monthly passes: the owner's pass products, what a lot sells, a driver's purchase and passes. */
export const monthlyPassRoutes = new Hono<AppEnv>()
  .get(
    '/owner/lots/:lotId/pass-products',
    described({ summary: "A lot's monthly pass products", answer: lotPassProductsAnswer, refusals: [404] }),
    signedIn,
    validate('param', lotParams),
    async (c) => c.json(await ownerProducts(c.var.db, c.var.user, c.req.valid('param').lotId, new Date())),
  )
  .post(
    '/owner/lots/:lotId/pass-products',
    described({ summary: 'Offer a monthly pass product', answer: passProductAnswer, status: 201, refusals: [404, 409] }),
    signedIn,
    validate('param', lotParams),
    validate('json', passProductSchema),
    async (c) => c.json(await createProduct(c.var.db, c.var.user, c.req.valid('param').lotId, c.req.valid('json')), 201),
  )
  .patch(
    '/owner/lots/:lotId/pass-products/:productId',
    described({ summary: 'Pause or resume a pass product', answer: passProductAnswer, refusals: [404] }),
    signedIn,
    validate('param', productParams),
    validate('json', passProductPatchSchema),
    async (c) => {
      const { lotId, productId } = c.req.valid('param');
      return c.json(await pauseProduct(c.var.db, c.var.user, lotId, productId, c.req.valid('json').paused, new Date()));
    },
  )
  .get(
    '/lots/:lotId/pass-products',
    described({ summary: 'Monthly passes on sale at a lot', answer: passProductsOnSaleAnswer, refusals: [404] }),
    validate('param', lotParams),
    async (c) => c.json(await productsOnSale(c.var.db, c.req.valid('param').lotId, new Date())),
  )
  .get('/monthly-passes', described({ summary: 'My monthly passes', answer: monthlyPassesAnswer }), signedIn, async (c) =>
    c.json(await myPasses(c.env, c.var.db, c.var.user, new Date())),
  )
  .post(
    '/monthly-passes',
    described({ summary: 'Buy a monthly pass', answer: monthlyPassAnswer, idempotent: true, status: 201, refusals: [402, 404, 409] }),
    validate('json', buyPassSchema),
    async (c) => {
      const input = c.req.valid('json');
      const request = await idempotentRequest(c, 'monthly-passes.buy', input);
      const { pass, replayed } = await buyPass(c.env, c.var.db, input, request);
      if (replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(pass, 201);
    },
  )
  .patch(
    '/monthly-passes/:id',
    described({ summary: "Turn a pass's renewal on or off", answer: monthlyPassAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', passParams),
    validate('json', passRenewalSchema),
    async (c) =>
      c.json(await setAutoRenew(c.env, c.var.db, c.var.user, c.req.valid('param').id, c.req.valid('json').autoRenew, new Date())),
  );
