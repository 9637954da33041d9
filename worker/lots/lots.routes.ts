import { Hono } from 'hono';
import { z } from 'zod';
import { countsFromReadModel } from '../../core/availability';
import { DEFAULT_RADIUS_KM, LOT_PAGE_SIZE, type Box } from '../../core/search';
import { pageOf } from '../db/pages';
import type { AppEnv } from '../env';
import { apiError } from '../http/errors';
import { CURSOR_MESSAGE, pageQueryOf } from '../http/paging';
import { validate } from '../http/validate';
import { forecastOf, pastSameHours } from '../../core/forecast';
import { MANILA_OFFSET_MS } from '../../core/time';
import { availabilityOf, availabilityView, driverView, findLot, liveWindow, stayHistory, toDriverLot, type LotWindow } from './lots.data';
import { LIVE_CLIENT_HEADER, LIVE_TOTAL_HEADER } from '../lot-object/live';
import { lotObject } from '../lot-object/stub';
import { kilometresOf, searchCursorOf, searchLots } from './lot-search.data';
import { HOUR_MS } from '../../core/time';
import { notFound, refusal } from '../../core/refusal';

const lotParams = z.object({ id: z.uuid('Unknown lot id') });
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const windowQuery = z.object({
  start: z.iso.datetime({ offset: true, error: 'start must be an ISO date-time.' }).optional(),
  durationHours: z.coerce.number().int('durationHours must be whole hours.').min(1).max(24).optional(),
});
const forecastQuery = z.object({ at: z.iso.datetime({ offset: true, error: 'at must be an ISO date-time.' }) });
const coordinate = /^-?\d{1,3}(\.\d+)?$/;
const searchQuery = windowQuery.extend(pageQueryOf(LOT_PAGE_SIZE).shape).extend({
  q: z.string().trim().max(100, 'Search text is too long').optional(),
  near: z
    .string()
    .regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/, 'near must be "lat,lng".')
    .transform((value) => value.split(',').map(Number) as [number, number])
    .optional(),
  radiusKm: z.coerce.number().positive().max(100).optional(),
  bbox: z
    .string()
    .transform((value) => value.split(','))
    .refine(
      (parts) => parts.length === 4 && parts.every((part) => coordinate.test(part)),
      'bbox must be "west,south,east,north" in degrees.',
    )
    .transform((parts) => parts.map(Number))
    .refine(
      ([west, south, east, north]) => west < east && south < north && south >= -90 && north <= 90 && west >= -180 && east <= 180,
      'bbox must be "west,south,east,north" with west < east and south < north.',
    )
    .transform(([west, south, east, north]): Box => ({ west, south, east, north }))
    .optional(),
  accessible: flag.optional(),
  ev: flag.optional(),
  openNow: flag.optional(),
  maxPriceCents: z.coerce.number().int().positive().optional(),
});

const windowOf = ({ start, durationHours }: z.infer<typeof windowQuery>): LotWindow => {
  if (!start && !durationHours) return liveWindow();
  const startMs = start ? new Date(start).getTime() : Date.now();
  return { startMs, endMs: startMs + (durationHours ?? 1) * HOUR_MS };
};

/** Public lot search with the window, place and filters a driver asks for, and the lot's own pages. */
export const lotRoutes = new Hono<AppEnv>()
  .get('/lots', validate('query', searchQuery), async (c) => {
    const { limit, cursor, near, bbox, radiusKm, openNow, ...filters } = c.req.valid('query');
    const window = windowOf(filters);
    // A cursor is the last row's distance when the search has a point, its name when not.
    if (cursor && (near || bbox) && !Number.isFinite(Number(cursor.key))) throw apiError(400, CURSOR_MESSAGE);
    const search = {
      ...filters,
      near,
      box: bbox,
      radiusKm: near && !bbox ? (radiusKm ?? DEFAULT_RADIUS_KM) : undefined,
      openAt: openNow ? new Date(window.startMs) : undefined,
      window,
    };
    const page = { limit, cursor };
    const now = Date.now();
    return c.json(
      pageOf(await searchLots(c.var.db, search, page), page, searchCursorOf, (row) => {
        const { squaredDistance: _distance, slotsTaken, walkInsPlaced, walkInsUnplaced, ...lot } = row;
        const counts = countsFromReadModel({ total: lot.totalSlots, slotsTaken, walkInsPlaced, walkInsUnplaced }, window, now);
        return { ...driverView(lot, availabilityView(lot, counts, window)), distanceKm: kilometresOf(row) };
      }),
    );
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
  })
  // How full the lot usually is at an arrival time, from its stay rollup (core/forecast.ts).
  .get('/lots/:id/forecast', validate('param', lotParams), validate('query', forecastQuery), async (c) => {
    const lot = await findLot(c.var.db, c.req.valid('param').id);
    if (!lot?.isApproved) throw notFound('Parking lot');
    const atMs = Date.parse(c.req.valid('query').at);
    const now = Date.now();
    const candidates = pastSameHours(atMs, now, 0);
    const { held, firstHour } = await stayHistory(c.var.db, lot.id, candidates);
    // The lot's history starts with its first stay: weeks before it are not zeros but unknown.
    const since = firstHour === null ? Number.POSITIVE_INFINITY : firstHour * 1000 - MANILA_OFFSET_MS;
    const hours = pastSameHours(atMs, now, since);
    return c.json(
      forecastOf(
        atMs,
        lot.totalSlots,
        hours.map((hour) => held.get(hour) ?? 0),
      ),
    );
  })
  // A WebSocket of the lot's live figures, served by its Durable Object (core/live.ts, worker/lot-object/live.ts).
  .get('/lots/:id/live', validate('param', lotParams), async (c) => {
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket')
      throw apiError(426, 'This address is a WebSocket: connect with an Upgrade: websocket request.', {}, { Upgrade: 'websocket' });
    const lot = await findLot(c.var.db, c.req.valid('param').id);
    if (!lot?.isApproved) throw notFound('Parking lot');
    const answer = await lotObject(c.env, lot.id).fetch(
      new Request(c.req.url, {
        headers: {
          Upgrade: 'websocket',
          [LIVE_TOTAL_HEADER]: String(lot.totalSlots),
          [LIVE_CLIENT_HEADER]: c.req.header('CF-Connecting-IP') ?? '',
        },
      }),
    );
    // Over a cap (the object answers 429 and why, before any upgrade).
    if (!answer.webSocket) throw refusal('too_many_attempts', (await answer.json<{ message: string }>()).message);
    // The object's answer has fixed headers; the app's own (security, no-store) go on a copy.
    return new Response(null, { status: answer.status, webSocket: answer.webSocket });
  });
