/** The answers of worker/platform/, worker/early-registration/ and worker/email/: the public, signed-out ones. */
import { z } from 'zod';
import { cents } from './shared';

/** The rules the super admin sets (core/platform-settings.ts). */
export const platformRulesAnswer = z
  .looseObject({
    freeCancelMinutes: z.number().int(),
    noShowGraceMinutes: z.number().int(),
    topupMaxCents: cents,
    dailyTopupMaxCents: cents,
    commissionBasisPoints: z.number().int().describe('Hundredths of a percent.'),
  })
  .meta({ id: 'PlatformRules' });

export const platformSettingsAnswer = platformRulesAnswer
  .extend({ mapTiles: z.looseObject({ url: z.string(), attribution: z.string() }) })
  .meta({ id: 'PlatformSettings' });

export const earlyRegistrationAnswer = z
  .looseObject({ registered: z.literal(true), alreadyRegistered: z.boolean() })
  .meta({ id: 'EarlyRegistration' });
