/**
 * The booking request as the API takes it (`POST /api/reservations`), apart from the booking rules in
 * ./booking so that screens which only need the rules do not load the validator.
 */
import { z } from 'zod';
import { MAX_STAY_HOURS } from './booking';
import { VEHICLE_TYPES } from './vehicles';

/** An instant with its offset, as the booking and change requests give their start and end. */
export const isoInstant = z.iso.datetime({ offset: true, error: 'Give the start as an ISO date-time, e.g. 2026-11-23T18:00:00+08:00.' });

/** A stay's whole hours: up to 24, or by the day up to 30 days where the lot sells park-and-fly (core/booking.ts). */
export const stayHours = z
  .number()
  .int('Duration is whole hours.')
  .min(1, 'A stay is at least 1 hour.')
  .max(MAX_STAY_HOURS, `A stay is at most ${MAX_STAY_HOURS / 24} days.`);

/** POST /api/reservations. `Idempotency-Key` header required. */
export const createReservationSchema = z
  .object({
    lotId: z.uuid('Unknown lot id'),
    start: isoInstant,
    durationHours: stayHours.optional(),
    end: isoInstant.optional(),
    vehicleId: z.uuid('Unknown vehicle id').optional(),
    plate: z.string().trim().min(1).max(20).optional(),
    /** What a typed plate is when it is none of the driver's vehicles (the vehicle searched for): a car unless said. */
    vehicleType: z.enum(VEHICLE_TYPES, { error: 'Vehicle type must be car or motorcycle.' }).optional(),
    needs: z.object({ accessible: z.boolean().optional(), ev: z.boolean().optional() }).optional(),
    /** A free-hour voucher of the driver's (core/rewards.ts): one hour off this booking. */
    voucherId: z.uuid('Unknown voucher id').optional(),
  })
  .refine((b) => (b.durationHours === undefined) !== (b.end === undefined), {
    message: 'Give either durationHours or end.',
    path: ['durationHours'],
  })
  .refine((b) => !!b.vehicleId || !!b.plate, { message: 'Choose a vehicle or type its plate.', path: ['vehicleId'] });
export type CreateReservation = z.infer<typeof createReservationSchema>;

/** The booking form's vehicle choice that means a plate typed instead of one of the driver's vehicles. */
export const OTHER_VEHICLE = 'other';

/**
 * The booking form: the lot and window it was opened on, one of the driver's vehicles or another by
 * the plate typed (what the search named, else a car), the slot needs and a voucher (none when blank).
 * It becomes the request, checked by the request's schema.
 */
export const bookingFormSchema = z
  .object({
    lotId: z.string(),
    start: z.string(),
    durationHours: z.number(),
    vehicleId: z.string(),
    plate: z.string(),
    vehicleType: z.enum(VEHICLE_TYPES),
    needs: z.object({ accessible: z.boolean(), ev: z.boolean() }),
    voucherId: z.string(),
  })
  .transform(
    ({ vehicleId, plate, vehicleType, voucherId, ...booking }): z.input<typeof createReservationSchema> => ({
      ...booking,
      ...(vehicleId === OTHER_VEHICLE ? { plate, vehicleType } : { vehicleId }),
      ...(voucherId && { voucherId }),
    }),
  )
  .pipe(createReservationSchema);
