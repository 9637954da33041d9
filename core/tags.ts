/**
 * A lot's NFC/QR tags (docs/gate.md, Entrance tags): the shapes of the owner's and the driver's
 * requests, the URL a tag holds, and the one rule of place: a tap is made with the phone's location,
 * at the lot's entrance.
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

/** How far from the lot's entrance a tap may be: a phone's fix indoors is rough. */
const TAP_MAX_DISTANCE_M = 300;

/** Said when a tap comes without the phone's location, by the server and by the page alike. */
export const TAP_NEEDS_LOCATION =
  "A tag checks you in or out only with your phone's location, to show that you are at the lot. Allow this site your location and tap again, or see the attendant.";

const latitude = z
  .number({ error: (issue) => (issue.input === undefined ? TAP_NEEDS_LOCATION : 'Latitude is a number.') })
  .min(-90, 'Latitude is between -90 and 90.')
  .max(90, 'Latitude is between -90 and 90.');
const longitude = z
  .number({ error: (issue) => (issue.input === undefined ? TAP_NEEDS_LOCATION : 'Longitude is a number.') })
  .min(-180, 'Longitude is between -180 and 180.')
  .max(180, 'Longitude is between -180 and 180.');

/**
 * POST /api/tags/:token/check-in: where the phone is, as its browser says: `accuracy`, the radius in
 * metres of the circle the phone is in (the Geolocation API's `coords.accuracy`), when it is known.
 */
export const tapSchema = z.object({
  lat: latitude,
  lng: longitude,
  accuracy: z.number({ error: 'Accuracy is in metres, 0 or more.' }).min(0, 'Accuracy is in metres, 0 or more.').optional(),
});

/**
 * POST /api/tags/:token/check-out: also, from the app, the price the driver was shown, which their tap
 * consents to pay and no more. Without it (a client of the issue's contract, `{ lat, lng, accuracy? }`)
 * the tap consents to the price at that moment, as the issue has it.
 */
export const tapOutSchema = tapSchema.extend({
  shownCents: z
    .number({ error: 'Say the price you were shown, in centavos.' })
    .int('The price shown is in whole centavos.')
    .min(0, 'The price shown is in whole centavos.')
    .optional(),
});
export type Tap = z.infer<typeof tapSchema>;
export type TapOut = z.infer<typeof tapOutSchema>;

/**
 * Why a tap cannot be placed at this lot's entrance, or null. The phone may be anywhere in its fix's
 * circle, so all of that circle must lie within TAP_MAX_DISTANCE_M of the entrance: a fix too far,
 * or too rough to tell, is refused (docs/gate.md, Entrance tags).
 */
export function tapNotAtLot(lot: LotPlace & { name: string }, tap: Tap): string | null {
  const km = distanceKm(entranceOf(lot), [tap.lat, tap.lng]);
  if (km * 1000 > TAP_MAX_DISTANCE_M)
    return `Your phone says you are ${formatDistance(km)} from the entrance of ${lot.name}. Tap the tag at the entrance, or see the attendant.`;
  const accuracy = tap.accuracy ?? 0;
  if (km * 1000 + accuracy <= TAP_MAX_DISTANCE_M) return null;
  return `Your phone's location is good only to ${formatDistance(accuracy / 1000)}, too rough to place you at ${lot.name}: wait for a better fix and tap again, or see the attendant.`;
}
