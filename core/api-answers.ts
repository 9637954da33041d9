/**
 * The answers partners' systems read (docs/api.md), declared once for the OpenAPI document and for
 * the worker tests that hold every answer to it (worker/test/described-answers.ts). Each names the
 * fields a partner relies on; an answer may carry more (loose objects), so a new field breaks no one.
 */
import { z } from 'zod';
import { RESERVATION_STATUSES } from './booking';
import { cents, instant, pageOf } from './api-answers/shared';
import { HEALTH_STATUSES } from './health';

export const lotAnswer = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    address: z.string().nullable(),
    geoLat: z.number(),
    geoLng: z.number(),
    isActive: z.boolean(),
    pricing: z.looseObject({}),
    availability: z.looseObject({}),
    rating: z.looseObject({}).nullable(),
  })
  .meta({ id: 'Lot' });

export const lotSearchAnswer = pageOf(lotAnswer.extend({ distanceKm: z.number().nullable(), reasons: z.array(z.string()) })).meta({
  id: 'LotSearchPage',
});

export const reservationAnswer = z
  .looseObject({
    id: z.string(),
    status: z.enum(RESERVATION_STATUSES),
    version: z.number().int(),
    startTs: instant,
    endTs: instant,
    amountCents: cents,
    vehiclePlate: z.string().nullable(),
    lotId: z.string(),
    lotName: z.string(),
    slotLabel: z.string().nullable(),
    passId: z.string(),
    shared: z.boolean(),
    createdAt: instant,
    cancelledAt: instant.nullable(),
  })
  .meta({ id: 'Reservation' });

export const reservationPageAnswer = pageOf(reservationAnswer).meta({ id: 'ReservationPage' });

export const cancellationAnswer = z
  .object({ reservation: reservationAnswer, refundCents: cents.describe('What went back to the wallet, in centavos.') })
  .meta({ id: 'Cancellation' });

/** A stay at the gate: a check-in, open until its exit. */
export const stayAnswer = z
  .looseObject({
    id: z.string(),
    lotId: z.string(),
    plate: z.string(),
    reservationId: z.string().nullable(),
    entryTs: instant,
    exitTs: instant.nullable(),
    amountCents: cents.nullable(),
    paidBy: z.string().nullable(),
    walkIn: z.boolean(),
    receiptId: z.string().nullable(),
  })
  .meta({ id: 'Stay' });

export const stayValidationsAnswer = z
  .object({
    checkinId: z.string(),
    validations: z.array(
      z.object({
        id: z.string(),
        merchantName: z.string(),
        source: z.string(),
        code: z.string().nullable(),
        hours: z.number().nullable(),
        amountCents: cents.nullable(),
        label: z.string(),
        valueCents: cents.nullable(),
      }),
    ),
  })
  .meta({ id: 'StayValidations' });

/** A merchant's cashier link validated a car: the plate masked, so the link never tells who is parked. */
export const linkValidationAnswer = z
  .object({ plate: z.string(), merchantName: z.string(), worth: z.string(), validatedAt: instant })
  .meta({ id: 'LinkValidation' });

export const healthAnswer = z.object({ status: z.enum(HEALTH_STATUSES) }).meta({ id: 'Health' });

/** A new API key (docs/api.md, Keys): the key itself is in this answer alone. */
export const apiKeyCreatedAnswer = z
  .looseObject({ id: z.string(), key: z.string().describe('The key, shown this once: `pk_live_` and 32 random bytes.') })
  .meta({ id: 'ApiKeyCreated' });

/** A new webhook (docs/api.md, Webhooks): its signing secret is in this answer alone. */
export const webhookCreatedAnswer = z
  .looseObject({ id: z.string(), secret: z.string().describe('The signing secret, shown this once.') })
  .meta({ id: 'WebhookCreated' });
