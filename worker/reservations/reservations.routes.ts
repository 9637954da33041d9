import { Hono } from 'hono';
import { z } from 'zod';
import { RESERVATION_TABS } from '../../core/booking';
import { createReservationSchema, isoInstant, stayHours } from '../../core/booking-request';
import { historyFilterOf, historyQuerySchema } from '../../core/history-request';
import type { AppEnv } from '../env';
import { clientIp } from '../http/edge';
import { idempotentRequest } from '../http/idempotency';
import { signedIn } from '../http/middleware';
import { linkOrigin } from '../http/origin';
import { pageQuery } from '../http/paging';
import { validate } from '../http/validate';
import {
  book,
  bookingContext,
  cancel,
  extend,
  listReservations,
  modify,
  openSharedPass,
  ownReservationAnywhere,
  reservationCounts,
  reservationPass,
  sharePass,
  stopSharingPass,
} from './reservations.service';
import { describedAs } from '../http/described';
import { cancellationAnswer, reservationAnswer, reservationPageAnswer } from '../../core/api-answers';
import { passShareLinkAnswer, reservationCountsAnswer, reservationPassAnswer, sharedPassAnswer } from '../../core/api-answers/reservations';

const reservationParams = z.object({ id: z.uuid('Unknown reservation id') });
const sharedPassParams = z.object({ token: z.string().max(2_000, 'Unknown shared pass link') });
const listQuery = pageQuery
  .extend(historyQuerySchema.shape)
  .extend({ tab: z.enum(RESERVATION_TABS, { error: `tab must be one of: ${RESERVATION_TABS.join(', ')}.` }).optional() });
const modifySchema = z
  .object({ start: isoInstant, durationHours: stayHours.optional(), end: isoInstant.optional() })
  .refine((b) => (b.durationHours === undefined) !== (b.end === undefined), {
    message: 'Give either durationHours or end.',
    path: ['durationHours'],
  });
const extendSchema = z.object({
  hours: z.number().int('Extend by whole hours.').min(1, 'Extend by at least 1 hour.').max(12, 'Extend by at most 12 hours at a time.'),
});

const described = describedAs('reservations');

/** The driver's own reservations. Money-moving calls take an Idempotency-Key, so a retried tap never pays twice. */
export const reservationRoutes = new Hono<AppEnv>()
  .get(
    '/reservations',
    described({ summary: 'My reservations', answer: reservationPageAnswer }),
    signedIn,
    validate('query', listQuery),
    async (c) => {
      const { limit, cursor, tab, ...history } = c.req.valid('query');
      return c.json(
        await listReservations({ env: c.env, db: c.var.db }, c.var.user.id, {
          tab,
          filter: historyFilterOf(history),
          page: { limit, cursor },
        }),
      );
    },
  )
  // Registered before "/reservations/:id" so "counts" is never taken for an id.
  .get(
    '/reservations/counts',
    described({ summary: 'How many reservations by tab', answer: reservationCountsAnswer }),
    signedIn,
    validate('query', historyQuerySchema),
    async (c) => c.json(await reservationCounts({ env: c.env, db: c.var.db }, c.var.user.id, historyFilterOf(c.req.valid('query')))),
  )
  .post(
    '/reservations',
    described({ summary: 'Book a slot', idempotent: true, status: 201, answer: reservationAnswer, refusals: [402, 404, 409] }),
    validate('json', createReservationSchema),
    async (c) => {
      const input = c.req.valid('json');
      const { reservation, replayed } = await book(
        bookingContext(c.env, c.var.db),
        input,
        await idempotentRequest(c, 'reservations.create', input),
      );
      if (replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(reservation, 201);
    },
  )
  .get(
    '/reservations/:id',
    described({ summary: 'One of my reservations', answer: reservationAnswer, refusals: [404] }),
    signedIn,
    validate('param', reservationParams),
    async (c) => c.json(await ownReservationAnywhere(c.env, c.var.db, c.var.user.id, c.req.valid('param').id)),
  )
  .patch(
    '/reservations/:id',
    described({ summary: "Change a reservation's time", answer: reservationAnswer, idempotent: true, refusals: [402, 404, 409] }),
    validate('param', reservationParams),
    validate('json', modifySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      return c.json(
        await modify(bookingContext(c.env, c.var.db), id, input, await idempotentRequest(c, `reservations.modify:${id}`, input)),
      );
    },
  )
  .post(
    '/reservations/:id/extend',
    described({ summary: 'Extend a reservation', answer: reservationAnswer, idempotent: true, refusals: [402, 404, 409] }),
    validate('param', reservationParams),
    validate('json', extendSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { hours } = c.req.valid('json');
      return c.json(
        await extend(bookingContext(c.env, c.var.db), id, hours, await idempotentRequest(c, `reservations.extend:${id}`, { hours })),
      );
    },
  )
  .post(
    '/reservations/:id/cancel',
    described({
      summary: 'Cancel a reservation (refunded by the rules)',
      idempotent: true,
      answer: cancellationAnswer,
      refusals: [404, 409],
    }),
    validate('param', reservationParams),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await cancel(bookingContext(c.env, c.var.db), id, await idempotentRequest(c, `reservations.cancel:${id}`, {})));
    },
  )
  /** The signed QR pass, for a reservation still to be used or in use (docs/passes.md). */
  .get(
    '/reservations/:id/pass',
    described({ summary: "A reservation's signed QR pass", answer: reservationPassAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', reservationParams),
    async (c) => c.json(await reservationPass(c.env, c.var.db, c.var.user.id, c.req.valid('param').id)),
  )
  /** A view-only link to the pass for a companion (docs/passes.md): the same link while shared. */
  .post(
    '/reservations/:id/share',
    described({ summary: "Share a reservation's pass", answer: passShareLinkAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', reservationParams),
    async (c) => c.json(await sharePass(c.env, c.var.db, c.var.user, c.req.valid('param').id, linkOrigin(c.env, c.req.url))),
  )
  .delete(
    '/reservations/:id/share',
    described({ summary: 'Stop sharing a pass', status: 204, refusals: [404] }),
    signedIn,
    validate('param', reservationParams),
    async (c) => {
      await stopSharingPass(c.env, c.var.db, c.var.user, c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  /** Public: the link's signed token is the authority; it shows the pass, never who booked it. */
  .get(
    '/shared-passes/:token',
    described({ summary: 'A shared pass', answer: sharedPassAnswer, refusals: [404, 429] }),
    validate('param', sharedPassParams),
    async (c) => c.json(await openSharedPass(c.env, c.var.db, c.req.valid('param').token, clientIp(c))),
  );
