import { Hono } from 'hono';
import { monthQuerySchema, payoutSchema } from '../../core/statement-request';
import type { AppEnv } from '../env';
import { signedIn } from '../http/middleware';
import { validate } from '../http/validate';
import { ownerStatement, payoutsOverview, recordPayout, requireRecentSecondFactor } from './statements.service';
import { ownerStatementAnswer, payoutAnswer, payoutsOverviewAnswer } from '../../core/api-answers/owner';
import { describedAs } from '../http/described';

const described = describedAs('owner');

/** Owners' statements, and the super admin's payouts against them (docs/owner.md, "Statements and payouts"). */
export const statementRoutes = new Hono<AppEnv>()
  .get(
    '/owner/statements',
    described({ summary: 'My monthly statement', answer: ownerStatementAnswer }),
    signedIn,
    validate('query', monthQuerySchema),
    async (c) => c.json(await ownerStatement(c.var.db, c.var.user.id, c.req.valid('query').month)),
  )
  .get(
    '/admin/payouts',
    described({ summary: "Owners' payouts of a month", answer: payoutsOverviewAnswer }),
    validate('query', monthQuerySchema),
    async (c) => c.json(await payoutsOverview(c.var.db, c.req.valid('query').month)),
  )
  .post(
    '/admin/payouts',
    described({ summary: 'Record a payout to an owner', answer: payoutAnswer, status: 201, refusals: [404, 409] }),
    signedIn,
    validate('json', payoutSchema),
    async (c) => {
      await requireRecentSecondFactor(c, c.var.user);
      return c.json(await recordPayout({ env: c.env, db: c.var.db }, c.var.user, c.req.valid('json')), 201);
    },
  );
