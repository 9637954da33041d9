import { Hono } from 'hono';
import { z } from 'zod';
import {
  applyValidationSchema,
  driverValidationSchema,
  codeBatchSchema,
  linkValidationSchema,
  merchantLinkSchema,
  merchantSchema,
  validationReportQuerySchema,
} from '../../core/validation-request';
import type { AppEnv } from '../env';
import { signedIn } from '../http/middleware';
import { validate } from '../http/validate';
import {
  applyCode,
  applyCodeAsDriver,
  issueCodes,
  listMerchants,
  merchantLink,
  openMerchantLink,
  registerMerchant,
  revokeMerchantLink,
  validateOnLink,
  validationReport,
} from './validations.service';
import { describedAs } from '../http/described';
import { linkValidationAnswer, stayValidationsAnswer } from '../../core/api-answers';
import {
  merchantAnswer,
  merchantLinkAnswer,
  merchantLinkOpenedAnswer,
  merchantsAnswer,
  validationCodesAnswer,
  validationMonthsAnswer,
} from '../../core/api-answers/validations';

const lotParams = z.object({ lotId: z.uuid('Unknown lot id') });
const merchantParams = z.object({ merchantId: z.uuid('Unknown merchant id') });
const checkinParams = z.object({ checkinId: z.uuid('Unknown check-in id') });
const linkParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This merchant link is not complete: open it again from the message you received.'),
});

const described = describedAs('validations');

/** Merchant validations (docs/passes.md, "Merchant validations"): the owner's merchants and codes, the gate's redemption, the merchant link. */
export const validationRoutes = new Hono<AppEnv>()
  .get(
    '/owner/lots/:lotId/merchants',
    described({ summary: "A lot's merchants", answer: merchantsAnswer, refusals: [404] }),
    signedIn,
    validate('param', lotParams),
    async (c) => c.json(await listMerchants(c.var.db, c.var.user, c.req.valid('param').lotId)),
  )
  .post(
    '/owner/lots/:lotId/merchants',
    described({ summary: 'Register a merchant', answer: merchantLinkOpenedAnswer, status: 201, refusals: [404, 409] }),
    signedIn,
    validate('param', lotParams),
    validate('json', merchantSchema),
    async (c) => c.json(await registerMerchant(c.var.db, c.var.user, c.req.valid('param').lotId, c.req.valid('json')), 201),
  )
  .post(
    '/owner/merchants/:merchantId/link',
    described({ summary: "Open a merchant's validation link", answer: merchantLinkOpenedAnswer, status: 201, refusals: [404] }),
    signedIn,
    validate('param', merchantParams),
    validate('json', merchantLinkSchema),
    async (c) => c.json(await openMerchantLink(c.var.db, c.var.user, c.req.valid('param').merchantId, c.req.valid('json')), 201),
  )
  .delete(
    '/owner/merchants/:merchantId/link',
    described({ summary: "Close a merchant's validation link", answer: merchantAnswer, refusals: [404] }),
    signedIn,
    validate('param', merchantParams),
    async (c) => c.json(await revokeMerchantLink(c.var.db, c.var.user, c.req.valid('param').merchantId)),
  )
  .post(
    '/owner/merchants/:merchantId/codes',
    described({ summary: 'Issue validation codes', answer: validationCodesAnswer, status: 201, refusals: [404, 409] }),
    signedIn,
    validate('param', merchantParams),
    validate('json', codeBatchSchema),
    async (c) => c.json(await issueCodes(c.var.db, c.var.user, c.req.valid('param').merchantId, c.req.valid('json')), 201),
  )
  .get(
    '/owner/validations',
    described({ summary: 'Validations at my lots over a period', answer: validationMonthsAnswer }),
    signedIn,
    validate('query', validationReportQuerySchema),
    async (c) => {
      const { from, to } = c.req.valid('query');
      return c.json(await validationReport(c.var.db, c.var.user, from, to));
    },
  )
  .post(
    '/checkins/:checkinId/validations',
    described({
      summary: 'Apply a validation code to a stay at the gate',
      status: 201,
      answer: stayValidationsAnswer,
      refusals: [404, 409],
    }),
    signedIn,
    validate('param', checkinParams),
    validate('json', applyValidationSchema),
    async (c) =>
      c.json(await applyCode({ env: c.env, db: c.var.db, user: c.var.user }, c.req.valid('param').checkinId, c.req.valid('json')), 201),
  )
  .post(
    '/reservations/:id/validations',
    described({ summary: 'Apply a validation code to my reservation', status: 201, answer: stayValidationsAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', z.object({ id: z.uuid('Unknown reservation id') })),
    validate('json', driverValidationSchema),
    async (c) => c.json(await applyCodeAsDriver(c.env, c.var.db, c.var.user, c.req.valid('param').id, c.req.valid('json').code), 201),
  )
  .get(
    '/merchant-links/:token',
    described({ summary: "A merchant's validation link", answer: merchantLinkAnswer, refusals: [404] }),
    validate('param', linkParams),
    async (c) => c.json(await merchantLink(c.var.db, c.req.valid('param').token)),
  )
  .post(
    '/merchant-links/:token/validations',
    described({
      summary: "Validate a customer's parking at a merchant's counter",
      status: 201,
      answer: linkValidationAnswer,
      refusals: [404, 409, 429],
    }),
    validate('param', linkParams),
    validate('json', linkValidationSchema),
    async (c) => c.json(await validateOnLink(c.env, c.var.db, c.req.valid('param').token, c.req.valid('json')), 201),
  );
