import { Hono } from 'hono';
import { z } from 'zod';
import { isOpenAt } from '../../core/booking';
import type { AppEnv } from '../env';
import { notFound } from '../http/errors';
import { validate } from '../http/validate';
import { distanceKm } from '../../core/geo';
import { availabilityOf, findLot, listApprovedLots, liveWindow, toDriverLot, type LotWindow } from './lots.data';
import { lotAmenities, lotHours } from '../../core/lot-json';

const lotParams = z.object({ id: z.uuid('Unknown lot id') });
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const windowQuery = z.object({
  start: z.iso.datetime({ offset: true, error: 'start must be an ISO date-time.' }).optional(),
  durationHours: z.coerce.number().int('durationHours must be whole hours.').min(1).max(24).optional(),
});
const searchQuery = windowQuery.extend({
  q: z.string().trim().max(100, 'Search text is too long').optional(),
  near: z
    .string()
    .regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/, 'near must be "lat,lng".')
    .transform((value) => value.split(',').map(Number) as [number, number])
    .optional(),
  radiusKm: z.coerce.number().positive().max(100).optional(),
  accessible: flag.optional(),
  ev: flag.optional(),
  openNow: flag.optional(),
  maxPriceCents: z.coerce.number().int().positive().optional(),
});

const windowOf = ({ start, durationHours }: z.infer<typeof windowQuery>): LotWindow => {
  if (!start && !durationHours) return liveWindow();
  const startMs = start ? new Date(start).getTime() : Date.now();
  return { startMs, endMs: startMs + (durationHours ?? 1) * 3_600_000 };
};

/** Public lot search (spec 2.4, 2.5) with the window, place and filters a driver asks for. */
export const lotRoutes = new Hono<AppEnv>()
  .get('/lots', validate('query', searchQuery), async (c) => {
    const query = c.req.valid('query');
    const window = windowOf(query);
    const found = (await listApprovedLots(c.var.db, { q: query.q }))
      .map((lot) => ({ lot, distance: query.near ? distanceKm(query.near, [lot.geoLat, lot.geoLng]) : null }))
      .filter(({ lot, distance }) => {
        const amenities = lotAmenities(lot);
        // Open Now made real: open at the start of the chosen window, in Manila time.
        return (
          (!query.accessible || amenities.accessible) &&
          (!query.ev || amenities.evCharging) &&
          (!query.maxPriceCents || lot.baseRate < query.maxPriceCents) &&
          (!query.openNow || isOpenAt(lotHours(lot), new Date(window.startMs))) &&
          (distance === null || !query.radiusKm || distance <= query.radiusKm)
        );
      })
      .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
    return c.json(await Promise.all(found.map(async ({ lot, distance }) => ({ ...(await toDriverLot(c.env, lot, window)), distanceKm: distance }))));
  })
  .get('/lots/:id', validate('param', lotParams), validate('query', windowQuery), async (c) => {
    const lot = await findLot(c.var.db, c.req.valid('param').id);
    if (!lot?.isApproved) throw notFound('Parking lot');
    return c.json(await toDriverLot(c.env, lot, windowOf(c.req.valid('query'))));
  })
  .get('/lots/:id/availability', validate('param', lotParams), validate('query', windowQuery), async (c) => {
    const lot = await findLot(c.var.db, c.req.valid('param').id);
    if (!lot?.isApproved) throw notFound('Parking lot');
    return c.json(await availabilityOf(c.env, lot, windowOf(c.req.valid('query'))));
  });
