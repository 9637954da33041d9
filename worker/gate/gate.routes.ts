import { Hono } from 'hono';
import { z } from 'zod';
import { enterSchema, exitSchema, gateRefundSchema } from '../../core/gate';
import { normalizePlate, plateSchema } from '../../core/vehicles';
import type { AppEnv } from '../env';
import { apiError } from '../http/errors';
import { idempotentRequest } from '../http/idempotency';
import { signedIn } from '../http/middleware';
import { validate } from '../http/validate';
import { openCheckin } from './checkin.service';
import { enter, passesRevoked } from './entry.service';
import { exit } from './exit.service';
import { refundGateCharge } from './gate-refunds.service';
import { plateAtLot } from './plate-lookup.service';
import {
  activityOf,
  assertWorksLot,
  beginShift,
  closeShift,
  lotStatus,
  openShiftSummary,
  reportIssueOnShift,
  resolveGateIssue,
  shiftSummary,
  workableLots,
} from './shifts.service';
import { undo } from './undo.service';
import { describedAs } from '../http/described';
import { stayAnswer } from '../../core/api-answers';
import {
  attendedLotsAnswer,
  gateActivityAnswer,
  gateIssueAnswer,
  gateLotStatusAnswer,
  gateRefundAnswer,
  plateAtLotAnswer,
  revokedPassesAnswer,
  shiftAnswer,
} from '../../core/api-answers/gate';

const lotOnly = z.object({ lotId: z.uuid('Choose the parking lot you work at.') });
const activityQuery = lotOnly.extend({ limit: z.coerce.number().int().min(1).max(100).default(30) });
const shiftBody = lotOnly.extend({ action: z.enum(['start', 'end'], { error: "Say 'start' or 'end'." }) });
const issueBody = lotOnly.extend({
  text: z.string().trim().min(1, 'Describe the issue.').max(500, 'Keep the issue under 500 characters.'),
});
const openQuery = lotOnly
  .extend({ plate: z.string().optional(), reservationId: z.uuid().optional() })
  .refine((q) => !!q.plate?.trim() || !!q.reservationId, { message: 'Give a plate or a reservation id.', path: ['plate'] });
const plateQuery = lotOnly.extend({ plate: plateSchema });
const checkinParams = z.object({ checkinId: z.uuid('Unknown check-in id') });
const issueParams = z.object({ id: z.uuid('Unknown issue id') });

const described = describedAs('gate');

/** The gate of a lot: attendants, its owner, the super admin (docs/gate.md). Every call names its lot. */
export const gateRoutes = new Hono<AppEnv>()
  .get('/attendant/lots', described({ summary: 'The lots I attend', answer: attendedLotsAnswer }), signedIn, async (c) =>
    c.json(await workableLots(c.var.db, c.var.user)),
  )
  .get(
    '/attendant/shift',
    described({ summary: 'My shift at a lot', answer: shiftAnswer.nullable(), refusals: [404] }),
    signedIn,
    validate('query', lotOnly),
    async (c) => {
      const { lotId } = c.req.valid('query');
      await assertWorksLot(c.var.db, c.var.user, lotId);
      return c.json(await openShiftSummary(c.env, c.var.db, c.var.user.id, lotId));
    },
  )
  .post(
    '/attendant/shift',
    described({ summary: 'Start or end my shift', answer: shiftAnswer, status: [200, 201], refusals: [404, 409] }),
    signedIn,
    validate('json', shiftBody),
    async (c) => {
      const { lotId, action } = c.req.valid('json');
      await assertWorksLot(c.var.db, c.var.user, lotId);
      const now = new Date();
      if (action === 'start') {
        const { summary, started } = await beginShift(c.env, c.var.db, c.var.user.id, lotId, now);
        return c.json(summary, started ? 201 : 200);
      }
      const ended = await closeShift(c.env, c.var.db, c.var.user.id, lotId, now);
      if (!ended) throw apiError(409, 'You have no shift open at this lot.');
      return c.json(await shiftSummary(c.env, c.var.db, ended, now));
    },
  )
  .get(
    '/attendant/activity',
    described({ summary: 'Recent activity at a lot', answer: gateActivityAnswer, refusals: [404] }),
    signedIn,
    validate('query', activityQuery),
    async (c) => {
      const { lotId, limit } = c.req.valid('query');
      await assertWorksLot(c.var.db, c.var.user, lotId);
      return c.json(await activityOf(c.env, c.var.db, lotId, limit));
    },
  )
  .get(
    '/attendant/lot-status',
    described({ summary: "A lot's status now", answer: gateLotStatusAnswer, refusals: [404] }),
    signedIn,
    validate('query', lotOnly),
    async (c) => {
      const { lotId } = c.req.valid('query');
      await assertWorksLot(c.var.db, c.var.user, lotId);
      return c.json(await lotStatus(c.env, c.var.db, lotId));
    },
  )
  .post(
    '/attendant/issues',
    described({ summary: 'Log an issue at the gate', answer: gateIssueAnswer, status: 201, refusals: [404] }),
    signedIn,
    validate('json', issueBody),
    async (c) => {
      const { lotId, text } = c.req.valid('json');
      await assertWorksLot(c.var.db, c.var.user, lotId);
      const issue = await reportIssueOnShift(c.var.db, c.var.user.id, lotId, text);
      return c.json({ id: issue.id, text: issue.text, time: issue.createdAt, resolved: false }, 201);
    },
  )
  .post(
    '/attendant/issues/:id/resolve',
    described({ summary: 'Resolve an issue logged at the gate', answer: gateIssueAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', issueParams),
    validate('json', lotOnly),
    async (c) => {
      const { lotId } = c.req.valid('json');
      const issue = await resolveGateIssue(c.var.db, c.var.user, lotId, c.req.valid('param').id);
      return c.json({ id: issue.id, text: issue.text, time: issue.createdAt, resolved: true });
    },
  )
  .get(
    '/checkins/open',
    described({ summary: 'The cars inside a lot', answer: stayAnswer, refusals: [404] }),
    signedIn,
    validate('query', openQuery),
    async (c) => {
      const { lotId, plate, reservationId } = c.req.valid('query');
      await assertWorksLot(c.var.db, c.var.user, lotId);
      const normalized = plate ? normalizePlate(plate) : undefined;
      const checkin = await openCheckin(c.env, c.var.db, lotId, { plate: normalized, reservationId });
      if (!checkin)
        throw apiError(
          404,
          normalized ? `No vehicle with plate ${normalized} is parked here.` : 'That reservation is not checked in here.',
        );
      return c.json(checkin);
    },
  )
  /** What the gate knows of a plate here now, shown as soon as it is typed or read (docs/gate.md, Plate recognition). */
  .get(
    '/checkins/plate',
    described({ summary: 'Find a car by plate', answer: plateAtLotAnswer, refusals: [404] }),
    signedIn,
    validate('query', plateQuery),
    async (c) => {
      const { lotId, plate } = c.req.valid('query');
      await assertWorksLot(c.var.db, c.var.user, lotId);
      return c.json(await plateAtLot(c.env, c.var.db, lotId, plate));
    },
  )
  .post(
    '/checkins/enter',
    described({
      summary: 'A car enters (by pass, reservation, plate or walk-in)',
      idempotent: true,
      status: 201,
      answer: stayAnswer,
      refusals: [404, 409],
    }),
    signedIn,
    validate('json', enterSchema),
    async (c) => {
      const input = c.req.valid('json');
      await assertWorksLot(c.var.db, c.var.user, input.lotId);
      const { checkin, replayed } = await enter(
        { env: c.env, db: c.var.db, user: c.var.user },
        input,
        await idempotentRequest(c, 'checkins.enter', input),
      );
      if (replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(checkin, 201);
    },
  )
  /** An owner (of the stay's lot) or the super admin pays back a gate charge: docs/gate.md, Who moves whose money. */
  .post(
    '/owner/checkins/:checkinId/refund',
    described({
      summary: "Refund a stay's payment at the gate",
      answer: gateRefundAnswer,
      idempotent: true,
      status: 201,
      refusals: [404, 409],
    }),
    signedIn,
    validate('param', checkinParams),
    validate('json', gateRefundSchema),
    async (c) => {
      const { checkinId } = c.req.valid('param');
      const input = c.req.valid('json');
      const { refund, replayed } = await refundGateCharge(
        { env: c.env, db: c.var.db, user: c.var.user },
        checkinId,
        input,
        await idempotentRequest(c, 'checkins.refund', { checkinId, ...input }),
      );
      if (replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(refund, 201);
    },
  )
  .post(
    '/checkins/:checkinId/exit',
    described({ summary: 'A car leaves, paying what it owes', idempotent: true, answer: stayAnswer, refusals: [402, 404, 409] }),
    signedIn,
    validate('param', checkinParams),
    validate('json', exitSchema),
    async (c) => {
      const { checkinId } = c.req.valid('param');
      const input = c.req.valid('json');
      await assertWorksLot(c.var.db, c.var.user, input.lotId);
      return c.json(
        await exit(
          { env: c.env, db: c.var.db, user: c.var.user },
          checkinId,
          input,
          await idempotentRequest(c, `checkins.exit:${checkinId}`, input),
        ),
      );
    },
  )
  .post(
    '/checkins/:checkinId/undo',
    described({ summary: 'Undo an entry or exit made by mistake', answer: stayAnswer, idempotent: true, refusals: [404, 409] }),
    signedIn,
    validate('param', checkinParams),
    validate('json', lotOnly),
    async (c) => {
      const { checkinId } = c.req.valid('param');
      const { lotId } = c.req.valid('json');
      await assertWorksLot(c.var.db, c.var.user, lotId);
      return c.json(
        await undo(
          { env: c.env, db: c.var.db, user: c.var.user },
          checkinId,
          lotId,
          await idempotentRequest(c, `checkins.undo:${checkinId}`, { lotId }),
        ),
      );
    },
  )
  /** Passes with a valid signature that must not enter, for the gate's offline checks. */
  .get(
    '/passes/revoked',
    described({ summary: 'Revoked passes of a lot, for gates that check offline', answer: revokedPassesAnswer, refusals: [404] }),
    signedIn,
    validate('query', lotOnly),
    async (c) => {
      const { lotId } = c.req.valid('query');
      await assertWorksLot(c.var.db, c.var.user, lotId);
      return c.json({ reservationIds: await passesRevoked(c.var.db, lotId, new Date()) });
    },
  );
