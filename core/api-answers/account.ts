/** The answers of worker/account/ (docs/account.md): a person's profile, vehicles and preferences. */
import { z } from 'zod';
import { preferencesSchema } from '../account';
import { VEHICLE_COLORS, VEHICLE_TYPES } from '../vehicles';
import { instant } from './shared';

export const vehicleAnswer = z
  .looseObject({
    id: z.string(),
    plate: z.string(),
    make: z.string(),
    model: z.string(),
    color: z.enum(VEHICLE_COLORS).nullable(),
    vehicleType: z.enum(VEHICLE_TYPES),
    isDefault: z.boolean(),
    createdAt: instant,
  })
  .meta({ id: 'Vehicle' });

export const vehiclesAnswer = z.array(vehicleAnswer).meta({ id: 'Vehicles' });

/** Every preference, as PATCH /api/user/preferences changes any of them. */
export const preferencesAnswer = z.looseObject(preferencesSchema.required().shape).meta({ id: 'Preferences' });

export const smsAnswer = z.looseObject({ available: z.boolean() }).meta({ id: 'SmsAvailability' });

export const emailChangedAnswer = z.looseObject({ email: z.string() }).meta({ id: 'EmailChanged' });
