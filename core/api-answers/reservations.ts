/** The answers of worker/reservations/ beyond a reservation itself (core/api-answers.ts). */
import { z } from 'zod';
import { count, instant } from './shared';

export const reservationCountsAnswer = z
  .looseObject({ upcoming: count, active: count, past: count, total: count })
  .meta({ id: 'ReservationCounts' });

/** The signed QR pass (docs/passes.md): its token is what the gate scans. */
export const reservationPassAnswer = z
  .looseObject({ token: z.string(), passId: z.string(), validUntil: instant, arriveBy: instant })
  .meta({ id: 'ReservationPass' });

export const passShareLinkAnswer = z.looseObject({ url: z.string() }).meta({ id: 'PassShareLink' });

/** A shared pass shows the stay and the lot, never who booked it. */
export const sharedPassAnswer = z
  .looseObject({
    pass: reservationPassAnswer,
    status: z.enum(['CONFIRMED', 'ACTIVE']),
    startTs: instant,
    endTs: instant,
    plate: z.string().nullable(),
    slot: z.looseObject({ label: z.string().nullable(), level: z.string().nullable() }),
    lot: z.looseObject({ name: z.string(), address: z.string().nullable(), geoLat: z.number(), geoLng: z.number() }),
  })
  .meta({ id: 'SharedPass' });
