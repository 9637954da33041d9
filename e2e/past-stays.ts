/**
 * Four weeks of past stays for the browser tests' dynamic pricing (e2e/owner-pricing.test.ts): no
 * screen makes past stays, so they are written straight into the fresh local database by the global
 * set-up, before the app starts. Written while the app ran, they locked its database file under other
 * files' requests.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** A demo lot that existed before the four weeks the model reads; each weekday 8–10 AM (Manila) every slot held a walk-in. */
export const FULL_MORNINGS_LOT = 'Intramuros Plaza Roma Parking';

export async function fillWeekdayMornings(stateDir: string, env: NodeJS.ProcessEnv) {
  const lot = FULL_MORNINGS_LOT;
  const morning = (offset: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+8 hours', 'start of day', '-' || d.n || ' days'${offset})`;
  const sql = `
    UPDATE lots SET created_at = '2020-01-01T00:00:00.000Z' WHERE name = '${lot}';
    INSERT INTO checkins (id, lot_id, plate, walk_in, entry_ts, exit_ts)
    WITH RECURSIVE d(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM d WHERE n < 28)
    SELECT lower(hex(randomblob(16))), slots.lot_id, 'WLK ' || d.n || '-' || slots.label, 1, ${morning('')}, ${morning(", '+2 hours'")}
      FROM d, slots JOIN lots ON lots.id = slots.lot_id
     WHERE lots.name = '${lot}' AND slots.active = 1 AND strftime('%w', ${morning('')}) NOT IN ('0', '6');`;
  // Not waited for synchronously: the set-up runs in vitest's own process while the worker files run,
  // whose runtimes it answers (e2e/start-app.ts).
  await promisify(execFile)('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--command', sql], {
    env: { ...env, CI: 'true' },
  });
}
