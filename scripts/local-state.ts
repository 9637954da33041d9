import { resolve } from 'node:path';

/**
 * Where local D1/KV/DO state lives. `npm start` uses .wrangler/state; the browser tests point
 * PARKADA_STATE_DIR at a fresh folder so they never touch (or depend on) a developer's data.
 */
export const localStateDir = () => resolve(process.env.PARKADA_STATE_DIR ?? '.wrangler/state');
