/** The answers of worker/monthly-passes/ (docs/monthly-passes.md). */
import { z } from 'zod';
import { PASS_STATES, PERIOD_KINDS } from '../monthly-passes';
import { cents, count, instant } from './shared';

const schedule = z.looseObject({ daysMask: z.number().int(), openMinute: z.number().int(), closeMinute: z.number().int() });

const productFields = {
  id: z.string(),
  lotId: z.string(),
  name: z.string(),
  priceCents: cents,
  schedule,
  hours: z.string().describe('The schedule in words.'),
  quantity: count,
  paused: z.boolean(),
  validNow: count,
  left: count,
};

export const passProductAnswer = z.looseObject(productFields).meta({ id: 'PassProduct' });

export const lotPassProductsAnswer = z.looseObject({ slots: count, products: z.array(passProductAnswer) }).meta({ id: 'LotPassProducts' });

export const passProductsOnSaleAnswer = z
  .looseObject({
    lotName: z.string(),
    products: z.array(
      z.looseObject({
        ...productFields,
        periods: z.array(z.looseObject({ start: instant.nullable(), kind: z.enum(PERIOD_KINDS), label: z.string(), priceCents: cents })),
      }),
    ),
  })
  .meta({ id: 'PassProductsOnSale' });

/** A driver's monthly pass for one period; its token is the QR the gate scans. */
export const monthlyPassAnswer = z
  .looseObject({
    id: z.string(),
    lotId: z.string(),
    lotName: z.string(),
    productId: z.string(),
    productName: z.string(),
    plate: z.string(),
    periodKind: z.enum(PERIOD_KINDS),
    validFrom: instant,
    validUntil: instant,
    amountCents: cents,
    autoRenew: z.boolean(),
    renewal: z.enum(['renewed', 'lapsed']).nullable(),
    state: z.enum(PASS_STATES),
    token: z.string().nullable(),
    receipt: z.looseObject({ id: z.string(), number: z.string() }).nullable(),
    createdAt: instant,
  })
  .meta({ id: 'MonthlyPass' });

export const monthlyPassesAnswer = z.looseObject({ passes: z.array(monthlyPassAnswer) }).meta({ id: 'MonthlyPasses' });
