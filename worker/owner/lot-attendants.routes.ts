import { Hono } from 'hono';
import { z } from 'zod';
import { attendantAddSchema } from '../../core/lot-attendants';
import { linkOrigin } from '../email/email.service';
import type { AppEnv } from '../env';
import { validate } from '../http/validate';
import { assertManagesLot } from '../lots/lots.service';
import {
  listLotInvitations,
  listMyInvitations,
  acceptInvitation,
  declineInvitation,
  withdrawInvitation,
} from './attendant-invitations.service';
import { addLotAttendant, listLotAttendants, removeLotAttendant } from './lot-attendants.service';

const lotParams = z.object({ id: z.uuid('Unknown lot id') });
const attendantParams = lotParams.extend({ userId: z.uuid('Unknown attendant id') });
const invitationParams = lotParams.extend({ invitationId: z.uuid('Unknown invitation id') });

/** Who works the gate of an owner's lot (docs/owner.md, Attendants); another owner's lot is a 404. */
export const lotAttendantRoutes = new Hono<AppEnv>()
  .get('/owner/lots/:id/attendants', validate('param', lotParams), async (c) => {
    const { id } = c.req.valid('param');
    await assertManagesLot(c.var.db, c.var.user!, id);
    return c.json(await listLotAttendants(c.var.db, id));
  })
  .post('/owner/lots/:id/attendants', validate('param', lotParams), validate('json', attendantAddSchema), async (c) => {
    const lot = await assertManagesLot(c.var.db, c.var.user!, c.req.valid('param').id);
    const ctx = { env: c.env, db: c.var.db, owner: c.var.user!, origin: linkOrigin(c.env, c.req.url) };
    const added = await addLotAttendant(ctx, lot, c.req.valid('json'));
    return c.json(added, 201);
  })
  .get('/owner/lots/:id/invitations', validate('param', lotParams), async (c) => {
    const { id } = c.req.valid('param');
    await assertManagesLot(c.var.db, c.var.user!, id);
    return c.json(await listLotInvitations(c.var.db, id));
  })
  .delete('/owner/lots/:id/invitations/:invitationId', validate('param', invitationParams), async (c) => {
    const { id, invitationId } = c.req.valid('param');
    await assertManagesLot(c.var.db, c.var.user!, id);
    return c.json(await withdrawInvitation({ db: c.var.db, user: c.var.user! }, id, invitationId));
  })
  .delete('/owner/lots/:id/attendants/:userId', validate('param', attendantParams), async (c) => {
    const { id, userId } = c.req.valid('param');
    await assertManagesLot(c.var.db, c.var.user!, id);
    return c.json(await removeLotAttendant({ env: c.env, db: c.var.db, owner: c.var.user! }, id, userId));
  });

const invitationIdParams = z.object({ id: z.uuid('Unknown invitation id') });

/** The invited person's side: what waits for their answer, and the answer (docs/owner.md, Attendants). */
export const invitationRoutes = new Hono<AppEnv>()
  .get('/invitations', async (c) => c.json(await listMyInvitations(c.var.db, c.var.user!.id)))
  .post('/invitations/:id/accept', validate('param', invitationIdParams), async (c) =>
    c.json(await acceptInvitation({ db: c.var.db, user: c.var.user! }, c.req.valid('param').id)),
  )
  .post('/invitations/:id/decline', validate('param', invitationIdParams), async (c) =>
    c.json(await declineInvitation({ db: c.var.db, user: c.var.user! }, c.req.valid('param').id)),
  );
