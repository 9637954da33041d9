/**
 * What an owner submits for a lot: its place, hours, rules, amenities and slot layout, with the
 * form's defaults (max stay 8 h, open 06:00–22:00 every day, no overnight). The web form and
 * `POST/PATCH /api/owner/lots` both validate with these schemas.
 */
import { z } from 'zod';
import { WEEKDAYS, type LotHours } from './booking';
import { WALK_IN_HORIZON_MINUTES } from './gate';
import { distanceKm, formatDistance } from './geo';
import { jsonField } from './json-field';
import { DEFAULT_RATE_CENTS } from './money';
import { baseRateSchema } from './pricing-request';
import { VEHICLE_TYPES } from './vehicles';

/** The most slots one lot may have: a large mall car park. */
const MAX_LOT_SLOTS = 2000;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are HH:MM, from 00:00 to 23:59');
const dayHours = z
  .object({ open: clock, close: clock })
  .refine((day) => day.open < day.close, { message: 'A day must close after it opens', path: ['close'] });

export const sameEveryDay = (open: string, close: string): LotHours => Object.fromEntries(WEEKDAYS.map((day) => [day, { open, close }]));

export const DEFAULT_LOT_HOURS = sameEveryDay('06:00', '22:00');

/** A weekday left out is a closed day; at least one day must be open. */
const lotHoursSchema = z
  .partialRecord(z.enum(WEEKDAYS), dayHours)
  .refine((hours) => Object.keys(hours).length > 0, 'A lot must open on at least one day');

const lotRulesSchema = z.object({
  maxDuration: z.number().int().min(1, 'Max duration is 1 to 24 hours').max(24, 'Max duration is 1 to 24 hours').default(8),
  allowOvernight: z.boolean().default(false),
  vehicleTypes: z.array(z.enum(VEHICLE_TYPES)).min(1).default(['car', 'motorcycle']),
  walkInHorizonMinutes: z
    .number()
    .int()
    .min(15, 'Keep walk-ins off booked slots for 15 minutes to 12 hours')
    .max(720, 'Keep walk-ins off booked slots for 15 minutes to 12 hours')
    .default(WALK_IN_HORIZON_MINUTES),
});

export const lotAmenitiesSchema = z.object({
  accessible: z.boolean().default(false),
  evCharging: z.boolean().default(false),
  security: z.boolean().default(false),
  covered: z.boolean().default(false),
});

const slotCount = (what: string) =>
  z
    .number()
    .int(`${what} must be a whole number`)
    .min(0, `${what} cannot be negative`)
    .max(MAX_LOT_SLOTS, `${what} is at most ${MAX_LOT_SLOTS}`);

/** Slot levels such as B1, B2, G, L3: labels are `<level>-<number>` like B1-014. */
const levelName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,4}$/, 'A level is 1 to 4 letters or digits, like B1')
  .transform((level) => level.toUpperCase());

const layoutFields = {
  totalSlots: slotCount('Total slots').min(1, 'A lot needs at least one slot'),
  accessibleSlots: slotCount('Accessible slots'),
  evChargingSlots: slotCount('EV charging slots'),
  levels: z
    .array(levelName)
    .max(20, 'At most 20 levels')
    .refine((levels) => new Set(levels).size === levels.length, 'Each level is named once')
    .optional(),
};

const placeFields = {
  name: z.string().trim().min(1, 'Name is required').max(120),
  address: z.string().trim().max(300).optional(),
  geoLat: z.number({ error: 'Latitude is required' }).min(-90).max(90),
  geoLng: z.number({ error: 'Longitude is required' }).min(-180).max(180),
  /** Where drivers turn in, when not at the pin; null (or left out) means the pin is the entrance. Same bounds as the pin. */
  entranceLat: z.number({ error: 'The entrance latitude must be a number' }).min(-90).max(90).nullable(),
  entranceLng: z.number({ error: 'The entrance longitude must be a number' }).min(-180).max(180).nullable(),
};

/** An entrance further than this from the pin is not this lot's gate: a slip of a digit, or another street's. */
export const ENTRANCE_MAX_METRES = 500;

type EntrancePlace = { geoLat?: number; geoLng?: number; entranceLat?: number | null; entranceLng?: number | null };

/**
 * Why an entrance cannot stand with its pin, or null: it is given whole (latitude and longitude, or
 * neither) and lies within `ENTRANCE_MAX_METRES` of the pin. An edit is checked again on the server
 * with the lot's stored pin and entrance for what it leaves out.
 */
export function entranceProblem(place: EntrancePlace): string | null {
  const lat = place.entranceLat ?? null;
  const lng = place.entranceLng ?? null;
  if ((lat === null) !== (lng === null))
    return 'Give the entrance’s latitude and longitude together, or neither when the pin is the entrance';
  if (lat === null || lng === null || place.geoLat === undefined || place.geoLng === undefined) return null;
  const km = distanceKm([place.geoLat, place.geoLng], [lat, lng]);
  return km * 1000 > ENTRANCE_MAX_METRES
    ? `The entrance must be within ${ENTRANCE_MAX_METRES} m of the lot’s pin; this one is ${formatDistance(km)} away`
    : null;
}

export type SlotLayout = { totalSlots: number; accessibleSlots: number; evChargingSlots: number; levels?: string[] | null };

const layoutProblem = (layout: Partial<SlotLayout>) =>
  layout.totalSlots !== undefined && (layout.accessibleSlots ?? 0) + (layout.evChargingSlots ?? 0) > layout.totalSlots
    ? 'Accessible and EV charging slots together cannot exceed the total slots'
    : null;

export const lotCreateSchema = z
  .object({
    ...placeFields,
    hoursJson: jsonField(lotHoursSchema).default(DEFAULT_LOT_HOURS),
    rulesJson: jsonField(lotRulesSchema).default(lotRulesSchema.parse({})),
    amenitiesJson: jsonField(lotAmenitiesSchema).default(lotAmenitiesSchema.parse({})),
    ...layoutFields,
    accessibleSlots: layoutFields.accessibleSlots.default(0),
    evChargingSlots: layoutFields.evChargingSlots.default(0),
    /** The first hourly rate, in centavos: the lot's static price and what its submission shows the admin. Later changes go through pricing. */
    hourlyRate: baseRateSchema.default(DEFAULT_RATE_CENTS),
    entranceLat: placeFields.entranceLat.default(null),
    entranceLng: placeFields.entranceLng.default(null),
  })
  .superRefine((lot, ctx) => {
    const problem = layoutProblem(lot);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['accessibleSlots'] });
    const entrance = entranceProblem(lot);
    if (entrance) ctx.addIssue({ code: 'custom', message: entrance, path: ['entranceLat'] });
  });
export type LotCreate = z.infer<typeof lotCreateSchema>;

/** An edit sends only what changed; a layout change sends the whole layout (all three counts). */
export const lotUpdateSchema = z
  .object({
    ...placeFields,
    hoursJson: jsonField(lotHoursSchema),
    rulesJson: jsonField(lotRulesSchema),
    amenitiesJson: jsonField(lotAmenitiesSchema),
    ...layoutFields,
    /** Deactivating stops new bookings (what is booked stands); activating takes them again. */
    isActive: z.boolean(),
  })
  .partial()
  .superRefine((lot, ctx) => {
    const problem = layoutProblem(lot);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['accessibleSlots'] });
    const entrance = entranceProblem(lot);
    if (entrance) ctx.addIssue({ code: 'custom', message: entrance, path: ['entranceLat'] });
    if (
      (lot.accessibleSlots !== undefined || lot.evChargingSlots !== undefined || lot.levels !== undefined) &&
      lot.totalSlots === undefined
    ) {
      ctx.addIssue({ code: 'custom', message: 'A slot layout change needs totalSlots', path: ['totalSlots'] });
    }
  });
export type LotUpdate = z.infer<typeof lotUpdateSchema>;

/** A lot without levels labels its slots P-001, P-002… */
export const DEFAULT_LEVEL = 'P';

export const slotLabel = (level: string, number: number) => `${level}-${String(number).padStart(3, '0')}`;

export type PlannedSlot = { label: string; level: string; accessible: boolean; evCharging: boolean };

/**
 * The slots a layout describes, in order: spread evenly over the levels (the first levels take the
 * remainder), numbered from 001 on each level. Accessible bays are the first slots of the plan
 * (lowest level, nearest the entrance), EV bays the last, so a resize that keeps the counts keeps
 * the same bays.
 */
export function slotPlan(layout: SlotLayout): PlannedSlot[] {
  const levels = layout.levels?.length ? layout.levels : [DEFAULT_LEVEL];
  const base = Math.floor(layout.totalSlots / levels.length);
  const extra = layout.totalSlots % levels.length;
  const plan = levels.flatMap((level, i) =>
    Array.from({ length: base + (i < extra ? 1 : 0) }, (_, n) => ({
      label: slotLabel(level, n + 1),
      level,
      accessible: false,
      evCharging: false,
    })),
  );
  plan.forEach((slot, i) => {
    slot.accessible = i < layout.accessibleSlots;
    slot.evCharging = i >= plan.length - layout.evChargingSlots;
  });
  return plan;
}
