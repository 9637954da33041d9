/**
 * A lot's NFC/QR tags (docs/gate.md, Entrance tags): the shapes of the owner's and the driver's
 * requests, the URL a tag holds, and the one rule of place: a tap that gives its location must be at
 * the lot's entrance. A tag never needs a location to work.
 */
import { z } from 'zod';
import { distanceKm, entranceOf, formatDistance, type LotPlace } from './geo';

export const TAG_KINDS = ['entrance', 'exit'] as const;
export type TagKind = (typeof TAG_KINDS)[number];

export const TAG_KIND_LABELS: Record<TagKind, string> = { entrance: 'Entrance', exit: 'Exit' };
/** What a tag's sticker tells the driver to do. */
export const TAG_INSTRUCTIONS: Record<TagKind, string> = {
  entrance: 'Tap your phone here, or scan, to check in',
  exit: 'Tap your phone here, or scan, to check out',
};

/** POST /api/owner/lots/:lotId/tags. */
export const tagCreateSchema = z.object({ kind: z.enum(TAG_KINDS, { error: "Say 'entrance' or 'exit'." }) });

/** The path a tag's URL opens: the token is the tag's id and its signature. */
const TAP_PATH = '/tap/';
export const tapUrl = (origin: string, token: string) => `${origin}${TAP_PATH}${token}`;

/** How far from the lot's entrance a tap that says where it is may be: a phone's fix indoors is rough. */
const TAP_MAX_DISTANCE_M = 300;

const latitude = z
  .number({ error: 'Latitude is a number.' })
  .min(-90, 'Latitude is between -90 and 90.')
  .max(90, 'Latitude is between -90 and 90.');
const longitude = z
  .number({ error: 'Longitude is a number.' })
  .min(-180, 'Longitude is between -180 and 180.')
  .max(180, 'Longitude is between -180 and 180.');
const bothOrNeither = (tap: { lat?: number; lng?: number }) => (tap.lat === undefined) === (tap.lng === undefined);

/** POST /api/tags/:token/check-in: where the phone is, if the browser said. */
export const tapSchema = z
  .object({ lat: latitude.optional(), lng: longitude.optional() })
  .refine(bothOrNeither, { message: 'Give both latitude and longitude, or neither.', path: ['lat'] });

/**
 * POST /api/tags/:token/check-out: also, from the app, the price the driver was shown, which their tap
 * consents to pay and no more. Without it (a client of the contract, `{ lat, lng }` only) the
 * tap consents to the price at that moment, as the issue has it.
 */
export const tapOutSchema = z
  .object({
    lat: latitude.optional(),
    lng: longitude.optional(),
    shownCents: z
      .number({ error: 'Say the price you were shown, in centavos.' })
      .int('The price shown is in whole centavos.')
      .min(0, 'The price shown is in whole centavos.')
      .optional(),
  })
  .refine(bothOrNeither, { message: 'Give both latitude and longitude, or neither.', path: ['lat'] });
export type Tap = z.infer<typeof tapSchema>;
export type TapOut = z.infer<typeof tapOutSchema>;

/** Why a tap that says where it is cannot be at this lot's entrance, or null. */
export function tapTooFar(lot: LotPlace & { name: string }, tap: Tap): string | null {
  if (tap.lat === undefined || tap.lng === undefined) return null;
  const km = distanceKm(entranceOf(lot), [tap.lat, tap.lng]);
  if (km * 1000 <= TAP_MAX_DISTANCE_M) return null;
  return `Your phone says you are ${formatDistance(km)} from the entrance of ${lot.name}. Tap the tag at the entrance.`;
}
