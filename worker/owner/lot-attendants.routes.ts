import { Hono } from 'hono';
import { z } from 'zod';
import { attendantAddSchema } from '../../core/lot-attendants';
import type { AppEnv } from '../env';
import { signedIn } from '../http/middleware';
import { validate } from '../http/validate';
import {
  listLotInvitations,
  listMyInvitations,
  acceptInvitation,
  declineInvitation,
  withdrawInvitation,
} from './attendant-invitations.service';
import { addLotAttendant, listLotAttendants, removeLotAttendant } from './lot-attendants.service';
import {
  attendantAddedAnswer,
  attendantRemovedAnswer,
  attendantsAnswer,
  invitationAcceptedAnswer,
  invitationClosedAnswer,
  lotInvitationsAnswer,
  myInvitationsAnswer,
} from '../../core/api-answers/owner';
import { describedAs } from '../http/described';

const lotParams = z.object({ id: z.uuid('Unknown lot id') });
const attendantParams = lotParams.extend({ userId: z.uuid('Unknown attendant id') });
const invitationParams = lotParams.extend({ invitationId: z.uuid('Unknown invitation id') });

const described = describedAs('owner');

/** Who works the gate of an owner's lot (docs/owner.md, Attendants); another owner's lot is a 404. */
export const lotAttendantRoutes = new Hono<AppEnv>()
  .get(
    '/owner/lots/:id/attendants',
    described({ summary: "A lot's attendants", answer: attendantsAnswer, refusals: [404] }),
    signedIn,
    validate('param', lotParams),
    async (c) => c.json(await listLotAttendants(c.var.db, c.var.user, c.req.valid('param').id)),
  )
  .post(
    '/owner/lots/:id/attendants',
    described({ summary: 'Add or invite an attendant', answer: attendantAddedAnswer, status: 201, refusals: [404, 409] }),
    signedIn,
    validate('param', lotParams),
    validate('json', attendantAddSchema),
    async (c) => {
      const ctx = { env: c.env, db: c.var.db, owner: c.var.user, requestUrl: c.req.url };
      return c.json(await addLotAttendant(ctx, c.req.valid('param').id, c.req.valid('json')), 201);
    },
  )
  .get(
    '/owner/lots/:id/invitations',
    described({ summary: "A lot's open invitations", answer: lotInvitationsAnswer, refusals: [404] }),
    signedIn,
    validate('param', lotParams),
    async (c) => c.json(await listLotInvitations(c.var.db, c.var.user, c.req.valid('param').id)),
  )
  .delete(
    '/owner/lots/:id/invitations/:invitationId',
    described({ summary: 'Withdraw an invitation', answer: invitationClosedAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', invitationParams),
    async (c) => {
      const { id, invitationId } = c.req.valid('param');
      return c.json(await withdrawInvitation({ db: c.var.db, user: c.var.user }, id, invitationId));
    },
  )
  .delete(
    '/owner/lots/:id/attendants/:userId',
    described({ summary: 'Remove an attendant', answer: attendantRemovedAnswer, refusals: [404] }),
    signedIn,
    validate('param', attendantParams),
    async (c) => {
      const { id, userId } = c.req.valid('param');
      return c.json(await removeLotAttendant({ env: c.env, db: c.var.db, owner: c.var.user }, id, userId));
    },
  );

const invitationIdParams = z.object({ id: z.uuid('Unknown invitation id') });

/** The invited person's side: what waits for their answer, and the answer (docs/owner.md, Attendants). */
export const invitationRoutes = new Hono<AppEnv>()
  .get('/invitations', described({ summary: 'My invitations to attend lots', answer: myInvitationsAnswer }), signedIn, async (c) =>
    c.json(await listMyInvitations(c.var.db, c.var.user.id)),
  )
  .post(
    '/invitations/:id/accept',
    described({ summary: 'Accept an invitation', answer: invitationAcceptedAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', invitationIdParams),
    async (c) => c.json(await acceptInvitation({ db: c.var.db, user: c.var.user }, c.req.valid('param').id)),
  )
  .post(
    '/invitations/:id/decline',
    described({ summary: 'Decline an invitation', answer: invitationClosedAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', invitationIdParams),
    async (c) => c.json(await declineInvitation({ db: c.var.db, user: c.var.user }, c.req.valid('param').id)),
  );
