import { execFileSync } from 'node:child_process';
import { inject } from 'vitest';
import { WEEKDAYS } from '../core/booking';

/**
 * Opens a demo lot around the clock in this run's fresh database, so a booking that starts in a few
 * minutes is possible whatever the hour of the run (the demo lots keep mall hours).
 */
export function openAllDay(lot: string) {
  const allDay = JSON.stringify(Object.fromEntries(WEEKDAYS.map((day) => [day, { open: '00:00', close: '23:59' }])));
  const sql = `UPDATE lots SET hours_json = '${allDay}' WHERE name = '${lot}'`;
  execFileSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', inject('stateDir'), '--command', sql], {
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true', CI: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
