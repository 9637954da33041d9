/**
 * Vehicles: plates are stored and shown upper case with normalised spacing, so the gate finds a car by
 * its plate, and must look like a Philippine plate. Shared by the worker's schema and the vehicle dialog.
 */
import { z } from 'zod';

export const VEHICLE_TYPES = ['car', 'motorcycle'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
/** The vehicle class a slot takes (a slot no longer listed: a car's), as a rate card prices it. */
export const vehicleOfSlot = (slots: readonly { id: string; vehicleType: VehicleType }[], slotId: string | null): VehicleType =>
  slots.find((slot) => slot.id === slotId)?.vehicleType ?? 'car';
export const VEHICLE_TYPE_LABELS: Record<VehicleType, string> = { car: 'Car', motorcycle: 'Motorcycle' };

export const VEHICLE_COLORS = ['white', 'black', 'silver', 'gray', 'red', 'blue', 'green', 'yellow', 'other'] as const;

/**
 * Accepted shapes, after normalising (letters and digits split by one space), as the LTO issues them:
 * cars LLL-DDDD since the 2014 series (2018 design), LLL-DDD before it; motorcycles DDD-LLL and L-DDD-LL
 * since 2018 (the 2014 plan's LL-DDDDD, and the 1981 series' LL-DDDD and DDDD-LL, are still on the
 * road); a new vehicle's conduction sticker until its plate comes. An L-DDD-LL plate ("A 123 BC") is
 * kept compact, "A123BC", as a sticker of that shape is.
 */
const PLATE_PATTERNS = [
  /^[A-Z]{3} \d{3,4}$/, // cars: ABC 1234, ABC 123
  /^[A-Z]{2} \d{4,5}$/, // motorcycles: AB 12345, AB 1234
  /^\d{3,4} [A-Z]{2,3}$/, // motorcycles: 123 ABC (2018), 1234 AB
  /^[A-Z]\d[A-Z0-9]{3,5}$/, // conduction stickers (A1B234, C3D4E5), and motorcycles A 123 BC (2018)
];

export const PLATE_MESSAGE = 'Enter a Philippine plate such as ABC 1234, ABC 123, AB 12345 or a conduction sticker such as A1B234.';

/** Upper case; a letter group and a digit group joined by one space ("abc-1234" → "ABC 1234"). */
export function normalizePlate(raw: string): string {
  const compact = raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const split = compact.match(/^([A-Z]+)(\d+)$/) ?? compact.match(/^(\d+)([A-Z]+)$/);
  return split ? `${split[1]} ${split[2]}` : compact;
}

export const isPhilippinePlate = (plate: string) => PLATE_PATTERNS.some((pattern) => pattern.test(plate));

/** What stands for a hidden character of a masked plate; no real plate has one, so it marks a plate as masked. */
export const MASK_DOT = '•';

/**
 * A plate as someone who must not identify the car sees it (docs/privacy.md): the first three and the
 * last two characters, the rest as dots ("NBC 1234" → "NBC ••34"). Shorter than six: only the last two.
 */
export function maskPlate(plate: string): string {
  const compact = plate.replace(/\s+/g, '');
  if (compact.length < 6) return `${MASK_DOT.repeat(2)}${compact.slice(-2)}`;
  return `${compact.slice(0, 3)} ${MASK_DOT.repeat(compact.length - 5)}${compact.slice(-2)}`;
}

export const plateSchema = z
  .string({ error: 'Plate number is required.' })
  .trim()
  .min(1, 'Plate number is required.')
  .max(12, PLATE_MESSAGE)
  .transform(normalizePlate)
  .refine(isPhilippinePlate, PLATE_MESSAGE);

export const vehicleSchema = z.object({
  plate: plateSchema,
  make: z.string({ error: 'Make is required.' }).trim().min(1, 'Make is required.').max(40, 'Make is too long.'),
  model: z.string({ error: 'Model is required.' }).trim().min(1, 'Model is required.').max(40, 'Model is too long.'),
  color: z.enum(VEHICLE_COLORS, { error: `Color must be one of: ${VEHICLE_COLORS.join(', ')}.` }).nullish(),
  isDefault: z.boolean().optional().default(false),
});
export type VehicleDetails = z.output<typeof vehicleSchema>;

/** The vehicle dialog's fields: the request's, with "Not specified" (an empty choice) for no colour. */
export const vehicleFormSchema = vehicleSchema.extend({
  color: z.union([z.literal('').transform(() => null), vehicleSchema.shape.color]),
});
export type VehicleFormValues = z.input<typeof vehicleFormSchema>;
