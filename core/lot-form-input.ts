/**
 * The owner's lot form as it is filled in: numbers as typed, the entrance "same as the pin", the
 * hours "same every day" or day by day. It becomes the request and is checked by `lotCreateSchema`,
 * so the form shows the request's own messages, each at the path of the field it names; the server's
 * 400 issues use the same paths.
 */
import { z } from 'zod';
import { WEEKDAYS, type LotHours } from './booking';
import { typedNumber } from './form-input';
import { WALK_IN_HORIZON_MINUTES } from './gate';
import { DEFAULT_LOT_HOURS, lotAmenitiesSchema, lotCreateSchema, sameEveryDay } from './lot-form';
import { lotAmenities, lotHours, lotRules } from './lot-json';
import { DEFAULT_RATE_CENTS, pesosToCents } from './money';
import { VEHICLE_TYPES, type VehicleType } from './vehicles';

const times = z.object({ open: z.string(), close: z.string() });

const typedLot = z.object({
  name: z.string(),
  address: z.string(),
  geoLat: z.string(),
  geoLng: z.string(),
  /** No entrance of its own: Directions lead to the pin. */
  entranceAtPin: z.boolean(),
  entranceLat: z.string(),
  entranceLng: z.string(),
  everyDay: z.boolean(),
  daily: times,
  hoursJson: z.record(z.enum(WEEKDAYS), times.extend({ closed: z.boolean() })),
  rulesJson: z.object({
    maxDuration: z.string(),
    allowOvernight: z.boolean(),
    walkInHorizonMinutes: z.string(),
    vehicleTypes: z.array(z.enum(VEHICLE_TYPES)),
  }),
  amenitiesJson: lotAmenitiesSchema.required(),
  totalSlots: z.string(),
  accessibleSlots: z.string(),
  evChargingSlots: z.string(),
  levels: z.string(),
  /** Pesos an hour: a new lot's first price (an existing lot's is changed under Pricing). */
  hourlyRate: z.string(),
});
export type LotFormValues = z.input<typeof typedLot>;

function toRequest(form: z.output<typeof typedLot>): z.input<typeof lotCreateSchema> {
  const { everyDay, daily, entranceAtPin, rulesJson: rules, ...lot } = form;
  const openDays = WEEKDAYS.filter((day) => !lot.hoursJson[day].closed).map((day) => {
    const { open, close } = lot.hoursJson[day];
    return [day, { open, close }];
  });
  const levels = lot.levels
    .split(',')
    .map((level) => level.trim())
    .filter(Boolean);
  return {
    ...lot,
    address: lot.address || undefined,
    geoLat: typedNumber(lot.geoLat),
    geoLng: typedNumber(lot.geoLng),
    entranceLat: entranceAtPin ? null : typedNumber(lot.entranceLat),
    entranceLng: entranceAtPin ? null : typedNumber(lot.entranceLng),
    hoursJson: everyDay ? sameEveryDay(daily.open, daily.close) : (Object.fromEntries(openDays) as LotHours),
    rulesJson: { ...rules, maxDuration: typedNumber(rules.maxDuration), walkInHorizonMinutes: typedNumber(rules.walkInHorizonMinutes) },
    totalSlots: typedNumber(lot.totalSlots),
    accessibleSlots: typedNumber(lot.accessibleSlots),
    evChargingSlots: typedNumber(lot.evChargingSlots),
    levels: levels.length ? levels : undefined,
    hourlyRate: pesosToCents(lot.hourlyRate),
  };
}

export const lotFormSchema = typedLot.transform(toRequest).pipe(lotCreateSchema);

/** A lot as the owner's list has it: what the form starts from when it edits one. */
type LotOnFile = {
  name: string;
  address: string | null;
  geoLat: number;
  geoLng: number;
  entranceLat: number | null;
  entranceLng: number | null;
  hoursJson: string | null;
  rulesJson: string | null;
  amenitiesJson: string | null;
  totalSlots: number;
  accessibleSlots: number;
  evChargingSlots: number;
  levels: string[];
};

const text = (value: number | null | undefined) => (value == null ? '' : String(value));

/** The form's first values: the lot's, or the spec's defaults for a new one (20 slots, max stay 8 h, open 06:00–22:00 every day). */
export function lotFormValues(lot?: LotOnFile): LotFormValues {
  const hours = lot ? lotHours(lot) : DEFAULT_LOT_HOURS;
  const rules = lot ? lotRules(lot) : {};
  const daily = WEEKDAYS.map((day) => hours[day]).find(Boolean) ?? { open: '06:00', close: '22:00' };
  const sameHours = WEEKDAYS.every((day) => hours[day]?.open === daily.open && hours[day]?.close === daily.close);
  return {
    name: lot?.name ?? '',
    address: lot?.address ?? '',
    geoLat: text(lot?.geoLat),
    geoLng: text(lot?.geoLng),
    entranceAtPin: lot?.entranceLat == null,
    entranceLat: text(lot?.entranceLat),
    entranceLng: text(lot?.entranceLng),
    everyDay: sameHours,
    daily,
    hoursJson: Object.fromEntries(
      WEEKDAYS.map((day) => [day, { ...(hours[day] ?? daily), closed: !hours[day] }]),
    ) as LotFormValues['hoursJson'],
    rulesJson: {
      maxDuration: String(rules.maxDuration ?? 8),
      allowOvernight: rules.allowOvernight ?? false,
      walkInHorizonMinutes: String(rules.walkInHorizonMinutes ?? WALK_IN_HORIZON_MINUTES),
      vehicleTypes: (rules.vehicleTypes as VehicleType[] | undefined) ?? ['car', 'motorcycle'],
    },
    amenitiesJson: { security: false, covered: false, evCharging: false, accessible: false, ...(lot ? lotAmenities(lot) : {}) },
    totalSlots: String(lot?.totalSlots ?? 20),
    accessibleSlots: String(lot?.accessibleSlots ?? 0),
    evChargingSlots: String(lot?.evChargingSlots ?? 0),
    levels: lot?.levels.join(', ') ?? '',
    hourlyRate: String(DEFAULT_RATE_CENTS / 100),
  };
}
