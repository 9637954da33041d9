import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { validate } from '../http/validate';
import { assertManagesLot } from '../lots/lot-access';
import { findLot, listLotsOwnedBy } from '../lots/lots.data';

const lotParams = z.object({ id: z.uuid('Unknown lot id') });

/** The owner's own lots (the super admin sees every lot), spec 3 "Owner lot" plus its slot count. */
export const ownerRoutes = new Hono<AppEnv>()
  .get('/owner/lots', async (c) => {
    const user = c.var.user!;
    const rows = await listLotsOwnedBy(c.var.db, user.role === 'super_admin' ? null : user.id);
    return c.json(rows);
  })
  .get('/owner/lots/:id', validate('param', lotParams), async (c) => {
    const { id } = c.req.valid('param');
    await assertManagesLot(c.var.db, c.var.user!, id);
    return c.json(await findLot(c.var.db, id));
  });
