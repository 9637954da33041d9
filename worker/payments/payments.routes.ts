import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { TOPUP_METHODS } from '../../core/wallet';
import type { AppEnv } from '../env';
import { signedIn } from '../http/middleware';
import { apiError } from '../http/errors';
import { notFound } from '../../core/refusal';
import { validate } from '../http/validate';
import {
  deliverSandboxOutcome,
  ownPayment,
  PAYMENT_UNAVAILABLE,
  paymentProvider,
  settleFromWebhook,
  topupDetail,
} from './payments.service';
import { describedAs } from '../http/described';
import { paymentDetailAnswer, paymentWebhookAnswer, paymentsConfigAnswer } from '../../core/api-answers/payments';

const paymentParams = z.object({ id: z.uuid('Unknown payment id') });
const sandboxParams = paymentParams.extend({ decision: z.enum(['approve', 'decline'], { error: 'Decision must be approve or decline.' }) });
const providerParams = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Unknown provider') });

const webhook = async (c: Context<AppEnv>, provider: string) =>
  c.json({ received: true as const, ...(await settleFromWebhook(c.env, c.var.db, provider, await c.req.text(), c.req.raw.headers)) });

const described = describedAs('payments');

export const paymentRoutes = new Hono<AppEnv>()
  /** Which gateway is configured, so the app shows checkout, or says payment is unavailable before anyone tries. */
  .get('/payments/config', described({ summary: 'Which payment gateway is set up', answer: paymentsConfigAnswer }), (c) => {
    const provider = paymentProvider(c.env);
    return c.json(
      provider
        ? {
            available: true as const,
            provider: provider.name,
            sandbox: provider.sandbox,
            supportsSavedMethods: provider.supportsSavedMethods,
            minimumCents: provider.minimumCents ?? null,
            methods: TOPUP_METHODS,
          }
        : { available: false as const, message: PAYMENT_UNAVAILABLE },
    );
  })
  .get(
    '/payments/:id',
    described({ summary: 'One of my payments', answer: paymentDetailAnswer, refusals: [404] }),
    signedIn,
    validate('param', paymentParams),
    async (c) => {
      const payment = await ownPayment(c.var.db, c.var.user.id, c.req.valid('param').id);
      if (!payment) throw notFound('Payment');
      return c.json(await topupDetail(c.env, c.var.db, payment));
    },
  )
  /** The sandbox checkout's Approve / Decline: the payer's decision, sent back as a signed webhook. */
  .post(
    '/payments/sandbox/:id/:decision',
    described({ summary: 'Approve or decline a sandbox payment', answer: paymentDetailAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', sandboxParams),
    async (c) => {
      const { id, decision } = c.req.valid('param');
      const payment = await ownPayment(c.var.db, c.var.user.id, id);
      if (payment?.provider !== 'sandbox' || paymentProvider(c.env)?.name !== 'sandbox') throw notFound('Payment');
      if (payment.status !== 'pending') throw apiError(409, `This payment is already ${payment.status}.`);
      await deliverSandboxOutcome(c.env, c.var.db, payment, decision === 'approve' ? 'paid' : 'failed');
      return c.json(await topupDetail(c.env, c.var.db, (await ownPayment(c.var.db, c.var.user.id, id))!));
    },
  )
  /** The gateway's webhook: no session, authenticated by its signature alone. */
  .post(
    '/payments/webhook/:provider',
    described({ summary: "A payment gateway's webhook (signed)", answer: paymentWebhookAnswer, refusals: [401, 404] }),
    validate('param', providerParams),
    (c) => webhook(c, c.req.valid('param').provider),
  )
  /** PayMongo's webhook, at the address its dashboard is given (docs/payments.md). */
  .post(
    '/payments/paymongo/webhook',
    described({ summary: "PayMongo's webhook (signed)", answer: paymentWebhookAnswer, refusals: [401] }),
    (c) => webhook(c, 'paymongo'),
  );
