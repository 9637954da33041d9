/** The answers of worker/tags/ (docs/tags.md); a tap's check-in and check-out answer a stay (core/api-answers.ts). */
import { z } from 'zod';
import { RESERVATION_STATUSES } from '../booking';
import { TAG_KINDS } from '../tags';
import { VEHICLE_TYPES } from '../vehicles';
import { cents, instant } from './shared';

const tagFields = { id: z.string(), kind: z.enum(TAG_KINDS), createdAt: instant, revokedAt: instant.nullable() };

export const tagAnswer = z.looseObject(tagFields).meta({ id: 'Tag' });

/** A lot's tags, each with the URL its NFC sticker and QR code carry (null once retired). */
export const lotTagsAnswer = z.array(z.looseObject({ ...tagFields, url: z.string().nullable() })).meta({ id: 'LotTags' });

export const tagCreatedAnswer = z.looseObject({ ...tagFields, url: z.string() }).meta({ id: 'TagCreated' });

/** What a tap offers the driver: their open stay here, a booking, a monthly pass, or a booking elsewhere. */
export const tagTapAnswer = z
  .looseObject({
    kind: z.enum(TAG_KINDS),
    lot: z.looseObject({ id: z.string(), name: z.string(), address: z.string().nullable() }),
    stay: z
      .looseObject({ id: z.string(), plate: z.string(), entryTs: instant, amountCents: cents.nullable(), what: z.string().nullable() })
      .nullable(),
    booking: z
      .looseObject({
        id: z.string(),
        lotId: z.string(),
        status: z.enum(RESERVATION_STATUSES),
        startTs: instant,
        endTs: instant,
        checkInFrom: instant,
      })
      .nullable(),
    pass: z.looseObject({ id: z.string(), plate: z.string(), vehicleType: z.enum(VEHICLE_TYPES) }).nullable(),
    elsewhere: z.looseObject({ lotName: z.string(), startTs: instant }).nullable(),
  })
  .meta({ id: 'TagTap' });
