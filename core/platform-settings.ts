/**
 * The platform settings the super admin may change (docs/admin.md, Platform settings): the
 * free-cancellation window, the no-show grace and the top-up limits. The constants of core/booking.ts
 * and core/wallet.ts are the defaults until an admin changes them.
 */
import { z } from 'zod';
import { FREE_CANCEL_MINUTES, NO_SHOW_GRACE_MINUTES } from './booking';
import { formatPeso } from './money';
import { DAILY_TOPUP_MAX_CENTS, TOPUP_MAX_CENTS } from './wallet';

export type PlatformSettings = {
  freeCancelMinutes: number;
  noShowGraceMinutes: number;
  topupMaxCents: number;
  dailyTopupMaxCents: number;
  commissionBasisPoints: number;
};

export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  freeCancelMinutes: FREE_CANCEL_MINUTES,
  noShowGraceMinutes: NO_SHOW_GRACE_MINUTES,
  topupMaxCents: TOPUP_MAX_CENTS,
  dailyTopupMaxCents: DAILY_TOPUP_MAX_CENTS,
  // Owners keep everything until the platform decides otherwise.
  commissionBasisPoints: 0,
};

/** The range each setting may take, with its label on the settings screen. */
export const SETTING_BOUNDS: Record<keyof PlatformSettings, { min: number; max: number; label: string }> = {
  // Zero means no free cancellation at all; a day is as generous as a parking booking needs.
  freeCancelMinutes: { min: 0, max: 1440, label: 'Free cancellation window (minutes before the start)' },
  // Under 5 minutes a driver stuck at the gate queue would lose the slot; over 2 hours the slot sits empty.
  noShowGraceMinutes: { min: 5, max: 120, label: 'No-show grace (minutes after the start)' },
  // ₱100 is the smallest auto top-up; ₱100,000 and ₱500,000 stay under the e-money wallet caps of Philippine gateways.
  topupMaxCents: { min: 10_000, max: 10_000_000, label: 'Largest single top-up' },
  dailyTopupMaxCents: { min: 10_000, max: 50_000_000, label: 'Top-ups per Manila day' },
  // Up to 30%: above what Philippine parking aggregators take, so a typo cannot take an owner's month.
  commissionBasisPoints: { min: 0, max: 3_000, label: 'Platform commission on what owners are paid through Parkada' },
};

export const SETTING_KEYS = Object.keys(SETTING_BOUNDS) as (keyof PlatformSettings)[];

/** How a setting is counted: centavos, hundredths of a percent, or minutes. */
export const settingUnit = (key: keyof PlatformSettings) =>
  key.endsWith('Cents') ? 'cents' : key.endsWith('BasisPoints') ? 'basisPoints' : 'minutes';
/** A commission in hundredths of a percent as people read it: "2.5%". */
export const formatBasisPoints = (value: number) => `${value / 100}%`;
/** A setting as people read it: minutes, pesos or a percentage. */
export const formatSetting = (key: keyof PlatformSettings, value: number) =>
  ({ cents: formatPeso, basisPoints: formatBasisPoints, minutes: (minutes: number) => `${minutes} minutes` })[settingUnit(key)](value);

const bounded = (key: keyof PlatformSettings) => {
  const { min, max, label } = SETTING_BOUNDS[key];
  const range = `${label} is between ${formatSetting(key, min)} and ${formatSetting(key, max)}.`;
  return z
    .number({ error: `${label} must be a number.` })
    .int(
      {
        cents: `${label} is a whole number of centavos.`,
        basisPoints: `${label} is a whole number of hundredths of a percent.`,
        minutes: `${label} is a whole number of minutes.`,
      }[settingUnit(key)],
    )
    .min(min, range)
    .max(max, range);
};

/** PATCH /api/admin/settings: any of the settings, at least one. */
export const settingsChangeSchema = z
  .strictObject(
    {
      freeCancelMinutes: bounded('freeCancelMinutes').optional(),
      noShowGraceMinutes: bounded('noShowGraceMinutes').optional(),
      topupMaxCents: bounded('topupMaxCents').optional(),
      dailyTopupMaxCents: bounded('dailyTopupMaxCents').optional(),
      commissionBasisPoints: bounded('commissionBasisPoints').optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'Only the free-cancellation window, the no-show grace, the top-up limits and the commission can be changed.'
          : undefined,
    },
  )
  .refine((change) => Object.keys(change).length > 0, 'Change at least one setting.');
export type SettingsChange = z.infer<typeof settingsChangeSchema>;

/** Why these settings cannot stand together, or null. */
export const settingsProblem = (settings: PlatformSettings): string | null =>
  settings.dailyTopupMaxCents < settings.topupMaxCents ? 'The daily top-up limit cannot be below the largest single top-up.' : null;

/** PUT /api/admin/settings/second-factor: whether owners and super admins must enrol a second factor (docs/account.md). */
export const secondFactorSettingSchema = z.strictObject(
  { required: z.boolean({ error: 'required must be true or false.' }) },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Only required can be sent.' : undefined) },
);
