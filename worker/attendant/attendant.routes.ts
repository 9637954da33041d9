import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { notFound } from '../http/errors';
import { validate } from '../http/validate';
import { assertWorksLot, workableLotIds } from '../lots/lot-access';
import { availabilityOf, findLot, listLotsByIds, listLotsOwnedBy } from '../lots/lots.data';

const lotQuery = z.object({ lotId: z.uuid('Unknown lot id').optional() });

/** Occupancy at or above this share raises a warning for the gate (spec 4 colour rule: 90% = full). */
const NEARLY_FULL = 0.9;

export const attendantRoutes = new Hono<AppEnv>()
  .get('/attendant/lots', async (c) => {
    const ids = await workableLotIds(c.var.db, c.var.user!);
    return c.json(ids === 'all' ? await listLotsOwnedBy(c.var.db, null) : await listLotsByIds(c.var.db, ids));
  })
  /** Spec 3 "Lot status (attendant)" for one lot the user works (the first one when none is named). */
  .get('/attendant/lot-status', validate('query', lotQuery), async (c) => {
    const user = c.var.user!;
    let { lotId } = c.req.valid('query');
    if (lotId) {
      await assertWorksLot(c.var.db, user, lotId);
    } else {
      const ids = await workableLotIds(c.var.db, user);
      lotId = ids === 'all' ? (await listLotsOwnedBy(c.var.db, null))[0]?.id : ids[0];
    }
    const lot = lotId ? await findLot(c.var.db, lotId) : null;
    if (!lot) throw notFound('Assigned parking lot');
    const { occupied, total } = await availabilityOf(c.env, lot);
    const share = total ? occupied / total : 0;
    const alerts = share >= NEARLY_FULL ? [{ type: 'warning' as const, message: `${lot.name} is ${Math.round(share * 100)}% full` }] : [];
    return c.json({
      lotId: lot.id,
      name: lot.name,
      occupancy: { current: occupied, total, percentage: Math.round(share * 100) },
      alerts,
    });
  });
