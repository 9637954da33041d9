import { Hono } from 'hono';
import { z } from 'zod';
import { lotCreateSchema, lotUpdateSchema } from '../../core/lot-form';
import { OWNER_LOTS_PAGE } from '../../core/paging';
import type { AppEnv } from '../env';
import { signedIn } from '../http/middleware';
import { pageQueryOf } from '../http/paging';
import { validate } from '../http/validate';
import { resubmitSchema } from '../../core/approvals';
import { createLot, deleteLot, listOwnerLots, managedLot, resubmitManagedLot, updateLot } from './owner-lots.service';
import { ownerLotAnswer, ownerLotPageAnswer } from '../../core/api-answers/owner';
import { describedAs } from '../http/described';

const lotParams = z.object({ id: z.uuid('Unknown lot id') });
/** Owner screens show every lot of a small owner at once; the super admin's platform-wide list comes in pages. */
const ownerLotsPage = pageQueryOf(OWNER_LOTS_PAGE);

const described = describedAs('owner');

/** The owner's own lots (the super admin sees every lot), with their slot layout and live occupancy. */
export const ownerRoutes = new Hono<AppEnv>()
  .get(
    '/owner/lots',
    described({ summary: 'My lots', answer: ownerLotPageAnswer }),
    signedIn,
    validate('query', ownerLotsPage),
    async (c) => c.json(await listOwnerLots(c.env, c.var.db, c.var.user, c.req.valid('query'))),
  )
  .post(
    '/owner/lots',
    described({ summary: 'Submit a new lot', answer: ownerLotAnswer, status: 201, refusals: [409] }),
    signedIn,
    validate('json', lotCreateSchema),
    async (c) => c.json(await createLot(c.env, c.var.db, c.var.user, c.req.valid('json')), 201),
  )
  .get(
    '/owner/lots/:id',
    described({ summary: 'One of my lots', answer: ownerLotAnswer, refusals: [404] }),
    signedIn,
    validate('param', lotParams),
    async (c) => c.json(await managedLot(c.env, c.var.db, c.var.user, c.req.valid('param').id)),
  )
  .patch(
    '/owner/lots/:id',
    described({ summary: 'Edit my lot', answer: ownerLotAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', lotParams),
    validate('json', lotUpdateSchema),
    async (c) => c.json(await updateLot(c.env, c.var.db, c.var.user, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post(
    '/owner/lots/:id/resubmit',
    described({ summary: 'Send a rejected lot again', answer: ownerLotAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', lotParams),
    validate('json', resubmitSchema),
    async (c) => c.json(await resubmitManagedLot(c.env, c.var.db, c.var.user, c.req.valid('param').id, c.req.valid('json').notes)),
  )
  .delete(
    '/owner/lots/:id',
    described({ summary: 'Delete my lot', status: 204, refusals: [404, 409] }),
    signedIn,
    validate('param', lotParams),
    async (c) => {
      await deleteLot(c.env, c.var.db, c.var.user, c.req.valid('param').id);
      return c.body(null, 204);
    },
  );
