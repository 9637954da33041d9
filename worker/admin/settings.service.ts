/** Changing the platform settings (docs/admin.md, Platform settings): the new values and their audit entry in one D1 batch. */
import {
  DEFAULT_PLATFORM_SETTINGS,
  SETTING_KEYS,
  settingsProblem,
  type PlatformSettings,
  type SettingsChange,
} from '../../core/platform-settings';
import { auditStatement } from '../audit/audit.data';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import { commit, type DB } from '../db/client';
import type { Bindings, SessionUser } from '../env';
import { refusal } from '../../core/refusal';
import {
  readSecondFactorRequired,
  readSettingsRecord,
  saveSecondFactorRequiredStatement,
  saveSettingsStatement,
} from '../platform/settings.data';

type Ctx = { db: DB; admin: SessionUser };

/** The settings in force, when and by whom they last changed, beside the defaults the screen offers to restore. */
const settingsWithDefaults = async (db: DB) => ({ ...(await readSettingsRecord(db)), defaults: DEFAULT_PLATFORM_SETTINGS });

/** The Platform Settings screen: the settings, and whether owners and super admins must enrol a second factor. */
export async function adminSettings(env: Bindings, db: DB) {
  return { ...(await settingsWithDefaults(db)), secondFactorRequired: await readSecondFactorRequired(db, env) };
}

export async function changeSettings({ db, admin }: Ctx, change: SettingsChange, now = new Date()) {
  const { settings: before } = await readSettingsRecord(db);
  const after: PlatformSettings = { ...before, ...change };
  const problem = settingsProblem(after);
  if (problem) throw refusal('invalid', problem);
  const changed = SETTING_KEYS.filter((key) => after[key] !== before[key]);
  // Sending the values already in force changes nothing, so nothing is recorded.
  if (changed.length === 0) return settingsWithDefaults(db);
  const pick = (settings: PlatformSettings) => Object.fromEntries(changed.map((key) => [key, settings[key]]));
  try {
    await commit(db, [
      saveSettingsStatement(db, after, pick(after), { userId: admin.id, at: now.toISOString() }),
      abortUnlessChanged(db),
      auditStatement(db, admin, {
        action: 'UPDATE_SETTINGS',
        subject: 'platform:settings',
        context: { from: pick(before), to: pick(after) },
      }),
    ]);
  } catch (error) {
    if (changedMeanwhile(error))
      throw refusal(
        'conflict',
        'Another admin changed the top-up limits meanwhile; together with yours they would not fit. Reload and try again.',
      );
    throw error;
  }
  return settingsWithDefaults(db);
}

/** Whether owners and super admins must enrol a second factor; the change and its audit entry in one batch. */
export async function setSecondFactorRequired({ env, db, admin }: Ctx & { env: Bindings }, required: boolean, now = new Date()) {
  const before = await readSecondFactorRequired(db, env);
  if (before !== required) {
    const { settings } = await readSettingsRecord(db);
    await commit(db, [
      saveSecondFactorRequiredStatement(db, settings, required, { userId: admin.id, at: now.toISOString() }),
      auditStatement(db, admin, {
        action: 'UPDATE_SETTINGS',
        subject: 'platform:settings',
        context: { from: { secondFactorRequired: before }, to: { secondFactorRequired: required } },
      }),
    ]);
  }
  return { secondFactorRequired: required };
}
