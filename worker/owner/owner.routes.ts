import { Hono } from 'hono';
import { z } from 'zod';
import { lotCreateSchema, lotUpdateSchema } from '../../core/lot-form';
import { OWNER_LOTS_PAGE } from '../../core/paging';
import type { AppEnv } from '../env';
import { pageQueryOf } from '../http/paging';
import { validate } from '../http/validate';
import { assertManagesLot } from '../lots/lots.service';
import { createLot, deleteLot, listOwnerLots, ownerLot, updateLot } from './owner-lots.service';

const lotParams = z.object({ id: z.uuid('Unknown lot id') });
/** Owner screens show every lot of a small owner at once; the super admin's platform-wide list comes in pages. */
const ownerLotsPage = pageQueryOf(OWNER_LOTS_PAGE);

/** The owner's own lots (the super admin sees every lot), with their slot layout and live occupancy. */
export const ownerRoutes = new Hono<AppEnv>()
  .get('/owner/lots', validate('query', ownerLotsPage), async (c) =>
    c.json(await listOwnerLots(c.env, c.var.db, c.var.user!, c.req.valid('query'))),
  )
  .post('/owner/lots', validate('json', lotCreateSchema), async (c) =>
    c.json(await createLot(c.env, c.var.db, c.var.user!, c.req.valid('json')), 201),
  )
  .get('/owner/lots/:id', validate('param', lotParams), async (c) => {
    const { id } = c.req.valid('param');
    await assertManagesLot(c.var.db, c.var.user!, id);
    return c.json(await ownerLot(c.env, c.var.db, id));
  })
  .patch('/owner/lots/:id', validate('param', lotParams), validate('json', lotUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    await assertManagesLot(c.var.db, c.var.user!, id);
    return c.json(await updateLot(c.env, c.var.db, id, c.req.valid('json')));
  })
  .delete('/owner/lots/:id', validate('param', lotParams), async (c) => {
    const { id } = c.req.valid('param');
    await assertManagesLot(c.var.db, c.var.user!, id);
    await deleteLot(c.var.db, c.var.user!, id);
    return c.body(null, 204);
  });
