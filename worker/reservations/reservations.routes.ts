import { Hono } from 'hono';
import { z } from 'zod';
import { noShowDeadline, RESERVATION_TABS } from '../../core/booking';
import { createReservationSchema, isoInstant } from '../../core/booking-request';
import { historyFilterOf, historyQuerySchema } from '../../core/history-request';
import { hasPass } from '../../core/passes';
import type { AppEnv } from '../env';
import { apiError } from '../http/errors';
import { notFound } from '../../core/refusal';
import { idempotentRequest } from '../http/idempotency';
import { pageQuery } from '../http/paging';
import { validate } from '../http/validate';
import { signPass } from '../passes/pass';
import { countOwnReservations } from './reservation-lists.data';
import { findOwnReservation, listOwnReservations } from './reservations.data';
import { book, bookingContext, cancel, extend, modify } from './reservations.service';
import { readSettings } from '../platform/settings.data';

const reservationParams = z.object({ id: z.uuid('Unknown reservation id') });
const listQuery = pageQuery
  .extend(historyQuerySchema.shape)
  .extend({ tab: z.enum(RESERVATION_TABS, { error: `tab must be one of: ${RESERVATION_TABS.join(', ')}.` }).optional() });
const modifySchema = z
  .object({ start: isoInstant, durationHours: z.number().int().min(1).max(24).optional(), end: isoInstant.optional() })
  .refine((b) => (b.durationHours === undefined) !== (b.end === undefined), {
    message: 'Give either durationHours or end.',
    path: ['durationHours'],
  });
const extendSchema = z.object({
  hours: z.number().int('Extend by whole hours.').min(1, 'Extend by at least 1 hour.').max(12, 'Extend by at most 12 hours at a time.'),
});

/** The driver's own reservations. Money-moving calls take an Idempotency-Key, so a retried tap never pays twice. */
export const reservationRoutes = new Hono<AppEnv>()
  .get('/reservations', validate('query', listQuery), async (c) => {
    const { limit, cursor, tab, ...history } = c.req.valid('query');
    return c.json(await listOwnReservations(c.var.db, c.var.user!.id, { tab, filter: historyFilterOf(history), page: { limit, cursor } }));
  })
  // Registered before "/reservations/:id" so "counts" is never taken for an id.
  .get('/reservations/counts', validate('query', historyQuerySchema), async (c) =>
    c.json(await countOwnReservations(c.var.db, c.var.user!.id, historyFilterOf(c.req.valid('query')))),
  )
  .post('/reservations', validate('json', createReservationSchema), async (c) => {
    const input = c.req.valid('json');
    const { reservation, replayed } = await book(
      bookingContext(c.env, c.var.db),
      input,
      await idempotentRequest(c, 'reservations.create', input),
    );
    if (replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(reservation, 201);
  })
  .get('/reservations/:id', validate('param', reservationParams), async (c) => {
    const reservation = await findOwnReservation(c.var.db, c.var.user!.id, c.req.valid('param').id);
    if (!reservation) throw notFound('Reservation');
    return c.json(reservation);
  })
  .patch('/reservations/:id', validate('param', reservationParams), validate('json', modifySchema), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    return c.json(await modify(bookingContext(c.env, c.var.db), id, input, await idempotentRequest(c, `reservations.modify:${id}`, input)));
  })
  .post('/reservations/:id/extend', validate('param', reservationParams), validate('json', extendSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { hours } = c.req.valid('json');
    return c.json(
      await extend(bookingContext(c.env, c.var.db), id, hours, await idempotentRequest(c, `reservations.extend:${id}`, { hours })),
    );
  })
  .post('/reservations/:id/cancel', validate('param', reservationParams), async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await cancel(bookingContext(c.env, c.var.db), id, await idempotentRequest(c, `reservations.cancel:${id}`, {})));
  })
  /** The signed QR pass, for a reservation still to be used or in use (docs/passes.md). */
  .get('/reservations/:id/pass', validate('param', reservationParams), async (c) => {
    const reservation = await findOwnReservation(c.var.db, c.var.user!.id, c.req.valid('param').id);
    if (!reservation) throw notFound('Reservation');
    if (!hasPass(reservation.status)) {
      throw apiError(
        409,
        `This reservation is ${reservation.status.toLowerCase()}: a QR pass is issued only for a confirmed or checked-in reservation.`,
      );
    }
    const token = await signPass(c.env, {
      reservationId: reservation.id,
      plate: reservation.vehiclePlate ?? '',
      lotId: reservation.lotId,
      slot: reservation.slotLabel,
      startTs: reservation.startTs,
      endTs: reservation.endTs,
    });
    const { noShowGraceMinutes } = await readSettings(c.var.db);
    return c.json({
      token,
      passId: reservation.passId,
      validUntil: reservation.endTs,
      arriveBy: noShowDeadline(reservation.startTs, noShowGraceMinutes).toISOString(),
    });
  });
