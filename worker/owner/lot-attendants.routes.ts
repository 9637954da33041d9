import { Hono } from 'hono';
import { z } from 'zod';
import { attendantAddSchema } from '../../core/lot-attendants';
import type { AppEnv } from '../env';
import { validate } from '../http/validate';
import { assertManagesLot } from '../lots/lot-access';
import { addLotAttendant, listLotAttendants, removeLotAttendant, renewOneTimePassword } from './lot-attendants.service';

const lotParams = z.object({ id: z.uuid('Unknown lot id') });
const attendantParams = lotParams.extend({ userId: z.uuid('Unknown attendant id') });

/** Who works the gate of an owner's lot (docs/owner.md, Attendants); another owner's lot is a 404. */
export const lotAttendantRoutes = new Hono<AppEnv>()
  .get('/owner/lots/:id/attendants', validate('param', lotParams), async (c) => {
    const { id } = c.req.valid('param');
    await assertManagesLot(c.var.db, c.var.user!, id);
    return c.json(await listLotAttendants(c.var.db, id));
  })
  .post('/owner/lots/:id/attendants', validate('param', lotParams), validate('json', attendantAddSchema), async (c) => {
    const { id } = c.req.valid('param');
    await assertManagesLot(c.var.db, c.var.user!, id);
    const added = await addLotAttendant({ env: c.env, db: c.var.db, owner: c.var.user! }, id, c.req.valid('json'));
    return c.json(added, 201);
  })
  .delete('/owner/lots/:id/attendants/:userId', validate('param', attendantParams), async (c) => {
    const { id, userId } = c.req.valid('param');
    await assertManagesLot(c.var.db, c.var.user!, id);
    return c.json(await removeLotAttendant({ env: c.env, db: c.var.db, owner: c.var.user! }, id, userId));
  })
  .post('/owner/lots/:id/attendants/:userId/one-time-password', validate('param', attendantParams), async (c) => {
    const { id, userId } = c.req.valid('param');
    await assertManagesLot(c.var.db, c.var.user!, id);
    return c.json(await renewOneTimePassword({ env: c.env, db: c.var.db, owner: c.var.user! }, id, userId));
  });
