import type { DB } from '../db/client';
import { readSettings } from './settings.data';

/** The platform rules the signed-in screens state: other domains read the settings from settings.data.ts (a kernel). */
export const platformRules = (db: DB) => readSettings(db);
