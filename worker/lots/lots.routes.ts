import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_STAY_HOURS } from '../../core/booking';
import { DEFAULT_RADIUS_KM, LOT_PAGE_SIZE, type Box } from '../../core/search';
import { SORTS } from '../../core/suggestions';
import { DAY_MS, HOUR_MS } from '../../core/time';
import { VEHICLE_TYPES } from '../../core/vehicles';

/** The longest stay quoted: a month of park-and-fly. */
const MAX_QUOTE_DAYS = 31;
import type { AppEnv } from '../env';
import { apiError } from '../http/errors';
import { CURSOR_MESSAGE, pageQueryOf } from '../http/paging';
import { validate } from '../http/validate';
import {
  approvedLot,
  availabilityOf,
  forecastAt,
  liveSocket,
  liveWindow,
  quoteStay,
  searchCursorFits,
  searchForDrivers,
  toDriverLot,
} from './lots.service';
import type { LotWindow } from './lots.data';
import { describedAs } from '../http/described';
import { lotAnswer, lotSearchAnswer } from '../../core/api-answers';
import { lotAvailabilityAnswer, lotForecastAnswer, lotQuoteAnswer } from '../../core/api-answers/lots';

const lotParams = z.object({ id: z.uuid('Unknown lot id') });
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const windowQuery = z.object({
  start: z.iso.datetime({ offset: true, error: 'start must be an ISO date-time.' }).optional(),
  durationHours: z.coerce.number().int('durationHours must be whole hours.').min(1).max(MAX_STAY_HOURS).optional(),
});
/** The vehicle a quote or a search prices for: a rate card's class (core/rate-card.ts). */
const vehicleType = z.enum(VEHICLE_TYPES, { error: 'vehicleType must be car or motorcycle.' }).default('car');
const quoteQuery = z
  .object({
    start: z.iso.datetime({ offset: true, error: 'start must be an ISO date-time.' }),
    end: z.iso.datetime({ offset: true, error: 'end must be an ISO date-time.' }),
    vehicleType,
  })
  .refine(({ start, end }) => Date.parse(end) > Date.parse(start), { message: 'end must be after start.', path: ['end'] })
  .refine(({ start, end }) => Date.parse(end) - Date.parse(start) <= MAX_QUOTE_DAYS * DAY_MS, {
    message: `A quote is for at most ${MAX_QUOTE_DAYS} days.`,
    path: ['end'],
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
  vehicleType,
  sort: z.enum(SORTS, { error: `sort must be one of: ${SORTS.join(', ')}.` }).optional(),
});

const windowOf = ({ start, durationHours }: z.infer<typeof windowQuery>): LotWindow => {
  if (!start && !durationHours) return liveWindow();
  const startMs = start ? new Date(start).getTime() : Date.now();
  return { startMs, endMs: startMs + (durationHours ?? 1) * HOUR_MS };
};

const described = describedAs('lots');

/** Public lot search with the window, place and filters a driver asks for, and the lot's own pages. */
export const lotRoutes = new Hono<AppEnv>()
  .get('/lots', described({ summary: 'Search lots', answer: lotSearchAnswer }), validate('query', searchQuery), async (c) => {
    const { limit, cursor, near, bbox, radiusKm, openNow, sort, ...filters } = c.req.valid('query');
    const window = windowOf(filters);
    // A cursor is the last row's distance when the search has a point, its name when not; in Cheapest, its price first.
    if (cursor && !searchCursorFits(cursor, { cheapest: sort === 'cheapest', withPoint: Boolean(near || bbox) }))
      throw apiError(400, CURSOR_MESSAGE);
    const search = {
      ...filters,
      near,
      box: bbox,
      radiusKm: near && !bbox ? (radiusKm ?? DEFAULT_RADIUS_KM) : undefined,
      openAt: openNow ? new Date(window.startMs) : undefined,
      window,
    };
    return c.json(await searchForDrivers(c.var.db, search, { limit, cursor }, { sort, userId: c.var.user?.id }));
  })
  .get(
    '/lots/:id',
    described({ summary: "A lot's page", answer: lotAnswer, refusals: [404] }),
    validate('param', lotParams),
    validate('query', windowQuery),
    async (c) => {
      const lot = await approvedLot(c.var.db, c.req.valid('param').id);
      return c.json(await toDriverLot(c.env, lot, windowOf(c.req.valid('query'))));
    },
  )
  .get(
    '/lots/:id/availability',
    described({ summary: "A lot's free slots over a window", answer: lotAvailabilityAnswer, refusals: [404] }),
    validate('param', lotParams),
    validate('query', windowQuery),
    async (c) => {
      const lot = await approvedLot(c.var.db, c.req.valid('param').id);
      return c.json(await availabilityOf(c.env, lot, windowOf(c.req.valid('query'))));
    },
  )
  .get(
    '/lots/:id/quote',
    described({ summary: 'The price of a stay at a lot', answer: lotQuoteAnswer, refusals: [404] }),
    validate('param', lotParams),
    validate('query', quoteQuery),
    async (c) => {
      const { start, end, vehicleType } = c.req.valid('query');
      const lot = await approvedLot(c.var.db, c.req.valid('param').id);
      return c.json(quoteStay(lot, { startMs: Date.parse(start), endMs: Date.parse(end) }, vehicleType));
    },
  )
  // How full the lot usually is at an arrival time.
  .get(
    '/lots/:id/forecast',
    described({ summary: 'How full a lot usually is at a time', answer: lotForecastAnswer, refusals: [404] }),
    validate('param', lotParams),
    validate('query', forecastQuery),
    async (c) => {
      const lot = await approvedLot(c.var.db, c.req.valid('param').id);
      return c.json(await forecastAt(c.var.db, lot, Date.parse(c.req.valid('query').at)));
    },
  )
  // A WebSocket of the lot's live figures, served by its Durable Object.
  .get(
    '/lots/:id/live',
    described({ summary: "A lot's live figures (WebSocket)", status: 101, refusals: [404, 426] }),
    validate('param', lotParams),
    async (c) => {
      if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket')
        throw apiError(426, 'This address is a WebSocket: connect with an Upgrade: websocket request.', {}, { Upgrade: 'websocket' });
      const lot = await approvedLot(c.var.db, c.req.valid('param').id);
      const webSocket = await liveSocket(c.env, lot, c.req.url, c.req.header('CF-Connecting-IP') ?? '');
      // The object's answer has fixed headers; the app's own (security, no-store) go on a copy.
      return new Response(null, { status: 101, webSocket });
    },
  );
