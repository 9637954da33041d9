/**
 * The stored platform settings, read by every rule that uses one (refunds, changes, no-shows,
 * top-ups) at the moment it decides. One small D1 read per request: D1 answers it in about a
 * millisecond, and nothing has to be invalidated when an admin changes a setting.
 */
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_PLATFORM_SETTINGS, type PlatformSettings } from '../../core/platform-settings';
import { statementOf, type DB } from '../db/client';
import type { Bindings } from '../env';
import { platformSettings } from '../db/schema';

const ROW_ID = 1;

/** The settings in force, with when and by whom they were last changed (null while they are the defaults). */
export async function readSettingsRecord(
  db: DB,
): Promise<{ settings: PlatformSettings; updatedAt: string | null; updatedBy: string | null }> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, ROW_ID));
  if (!row) return { settings: DEFAULT_PLATFORM_SETTINGS, updatedAt: null, updatedBy: null };
  const { id: _id, updatedAt, updatedBy, secondFactorRequired: _required, ...settings } = row;
  return { settings, updatedAt, updatedBy };
}

export const readSettings = async (db: DB): Promise<PlatformSettings> => (await readSettingsRecord(db)).settings;

/**
 * Writes the changed settings as a statement for the caller's batch; the first change creates the row
 * from `settings`. Only the changed columns are set, so two admins changing different settings at
 * once both keep their change. The top-up limits are checked together (`settingsProblem`), so that
 * check is made again against the row as it is when written: a change that would leave the daily
 * limit below the largest single top-up, next to what another admin saved meanwhile, writes nothing
 * (follow it with `abortUnlessChanged`).
 */
export const saveSettingsStatement = (
  db: DB,
  settings: PlatformSettings,
  changed: Partial<PlatformSettings>,
  by: { userId: string; at: string },
) =>
  statementOf(
    db,
    db
      .insert(platformSettings)
      .values({ id: ROW_ID, ...settings, updatedAt: by.at, updatedBy: by.userId })
      .onConflictDoUpdate({
        target: platformSettings.id,
        set: { ...changed, updatedAt: by.at, updatedBy: by.userId },
        setWhere: sql`${changed.dailyTopupMaxCents ?? platformSettings.dailyTopupMaxCents} >= ${changed.topupMaxCents ?? platformSettings.topupMaxCents}`,
      }),
  );

/**
 * Whether owners and super admins must enrol a second factor: the super admin's choice once made; until
 * then on everywhere but development, so the local demo's printed accounts sign in with a password.
 */
export async function readSecondFactorRequired(db: DB, env: Pick<Bindings, 'APP_ENV'>): Promise<boolean> {
  const [row] = await db
    .select({ required: platformSettings.secondFactorRequired })
    .from(platformSettings)
    .where(eq(platformSettings.id, ROW_ID));
  return row?.required ?? env.APP_ENV !== 'development';
}

/** Sets the second-factor rule as a statement for the caller's batch; the first change creates the row from `settings`. */
export const saveSecondFactorRequiredStatement = (
  db: DB,
  settings: PlatformSettings,
  required: boolean,
  by: { userId: string; at: string },
) =>
  statementOf(
    db,
    db
      .insert(platformSettings)
      .values({ id: ROW_ID, ...settings, secondFactorRequired: required, updatedAt: by.at, updatedBy: by.userId })
      .onConflictDoUpdate({
        target: platformSettings.id,
        set: { secondFactorRequired: required, updatedAt: by.at, updatedBy: by.userId },
      }),
  );
