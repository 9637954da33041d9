/**
 * An owner's 12-month report of a busy lot, beside a trivial request.
 *   npm start            (in another terminal; PORT and BASE_URL to choose another port)
 *   npm run bench:reports [-- --requests 10]
 * Imports (once) a 300-slot lot of the demo owner, open 06:00–22:00, with a year of synthetic stays up
 * to yesterday: three a day on every slot (1 to 5 h, one in twenty cancelled), each with its booking
 * charge, some extended, plus a few walk-ins a day; 2,000 drivers. Straight into the local D1 the dev
 * server uses (PARKADA_STATE_DIR), as an operator's history would be imported (the rollups' triggers
 * count it as it goes in), then runs the daily Cron until the rollups' rows past their hot window
 * are folded (docs/owner.md, "Rollups"), as they are a day after an import. Then it times, one at a time and interleaved, `GET /api/owner/reports` for
 * the last 365 days of that lot and for three years, its Customers tab, and `GET /api/auth/user`
 * signed in as the owner, and prints p50, p95 and each p95 against the trivial request's. It ends
 * within 30 minutes, the import included (bench/time-limit.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CUSTOMER_DAYS_HOT_DAYS, ROLLUP_HOURS_HOT_DAYS } from '../core/scale';
import { addDays, manilaDate, manilaDateStart } from '../core/time';
import { localD1 } from '../scripts/local-state';
import { api, BASE_URL, percentile } from './client';
import { endWithin } from './time-limit';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '10' } } });
const requests = Number(values.requests);
const SLOTS = 300;
const DRIVERS = 2_000;
const DAYS = 365;
const TODAY = manilaDate(Date.now());
const FIRST_DAY = addDays(TODAY, -DAYS);
/** Lot ids are UUIDs: the bench's own begin with this. */
const BENCH_LOTS = '00000000-0000-4000-8000-';
/**
 * The lot of a year ending yesterday, named by its first day: every run of the day finds the lot it
 * imported, and an import of another day makes a new lot, whose object holds no day of the last one's.
 */
const LOT = `${BENCH_LOTS}0000${FIRST_DAY.replaceAll('-', '')}`;
const OWNER = { email: 'owner@parkada.ph', password: 'parkada-demo' };

/**
 * A read of the local D1 beside the running server. The daily Cron's moves to the archive hold D1's
 * write lock for a batch at a time; a read refused meanwhile (SQLITE_BUSY, printed by wrangler as a
 * failed commit token) is asked again: it changes nothing.
 */
function query<T>(sql: string, tries = 30): T[] {
  try {
    return (JSON.parse(localD1('execute', '--json', '--command', sql)) as [{ results: T[] }])[0].results;
  } catch (error) {
    if (tries <= 1) throw error;
    execFileSync('sleep', ['2']);
    return query(sql, tries - 1);
  }
}
const counter = (name: string, to: number, from = 0) =>
  `${name}(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM ${name} WHERE n < ${to})`;

/**
 * The lot's rows that outlive its records once the daily Cron moved them (the rollups, the archive's
 * directory), cleared before an import is made again: the rollups count the import afresh.
 */
const LOT_KEPT = [
  'lot_money_days',
  'lot_money_hours',
  'lot_money_hours_folded',
  'lot_booking_days',
  'lot_booking_days_folded',
  'lot_customer_days',
  'customer_days_outbox',
  'lot_customers',
  'lot_stay_hours',
  'lot_stay_hours_folded',
  'lot_reservation_days',
  'archived_periods',
  'archived_bookings',
];

/** The year before `firstDay` + DAYS, as SQL statements; every figure is a fixed function of day, slot and turn. */
function history(firstDay: string) {
  const dayZero = manilaDateStart(firstDay).getTime() / 1000;
  const hours = JSON.stringify(
    Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, { open: '06:00', close: '22:00' }]),
    ),
  );
  const iso = (seconds: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds}, 'unixepoch')`;
  // Turn t of day d on slot k starts at 06:00, 11:00 or 16:00 (+1 h on odd day + slot) and lasts 1–5 h.
  const start = `${dayZero} + d.n * 86400 + (6 + t.n * 5 + (d.n + k.n) % 2) * 3600`;
  const length = `(1 + (d.n * 7 + k.n * 13 + t.n * 3) % 5) * 3600`;
  return [
    `DELETE FROM charges WHERE reservation_id LIKE 'bench-rr-%'`,
    `DELETE FROM checkins WHERE id LIKE 'bench-rw-%'`,
    `DELETE FROM reservations WHERE id LIKE 'bench-rr-%'`,
    `DELETE FROM lots WHERE name = 'Bench Report Carpark'`,
    `DELETE FROM users WHERE id LIKE 'bench-rd-%'`,
    // What the bench lots' moved records left: their rollups keep counting them, and the archive lists them.
    ...LOT_KEPT.map((table) => `DELETE FROM ${table} WHERE lot_id LIKE '${BENCH_LOTS}%'`),
    `INSERT INTO users (id, email, password_hash, first_name, last_name) WITH RECURSIVE ${counter('c', DRIVERS - 1)} SELECT 'bench-rd-' || n, 'bench.driver' || n || '@example.ph', 'x', 'Bench', 'Driver ' || n FROM c`,
    `INSERT INTO lots (id, owner_id, name, address, city, geo_lat, geo_lng, hours_json, rules_json, is_approved) VALUES ('${LOT}', (SELECT id FROM users WHERE email = '${OWNER.email}'), 'Bench Report Carpark', 'Ayala Ave, Makati', 'Makati', 14.5547, 121.0244, '${hours}', '{"maxDuration":8}', 1)`,
    `INSERT INTO pricing (lot_id, base_rate) VALUES ('${LOT}', 5000)`,
    `INSERT INTO slots (id, lot_id, label) WITH RECURSIVE ${counter('c', SLOTS, 1)} SELECT 'bench-rs-' || n, '${LOT}', 'P-' || substr('00' || n, -3) FROM c`,
    `INSERT INTO reservations (id, user_id, lot_id, slot_id, status, start_ts, end_ts, amount_cents, created_at)
       WITH RECURSIVE ${counter('d', DAYS - 1)}, ${counter('k', SLOTS, 1)}, ${counter('t', 2)}
       SELECT 'bench-rr-' || d.n || '-' || k.n || '-' || t.n, 'bench-rd-' || ((d.n * 31 + k.n * 7 + t.n) % ${DRIVERS}), '${LOT}', 'bench-rs-' || k.n,
              CASE WHEN (d.n + k.n * 3 + t.n) % 20 = 0 THEN 'CANCELLED' ELSE 'COMPLETED' END,
              ${iso(start)}, ${iso(`${start} + ${length}`)}, 5000 * ${length} / 3600, ${iso(`${start} - 86400`)}
         FROM d, k, t`,
    `INSERT INTO charges (id, reservation_id, kind, amount_cents, created_at)
       SELECT id || '-b', id, 'BOOKING', amount_cents, created_at FROM reservations WHERE lot_id = '${LOT}'`,
    `INSERT INTO charges (id, reservation_id, kind, amount_cents, created_at)
       SELECT id || '-r', id, 'REFUND', -amount_cents, start_ts FROM reservations WHERE lot_id = '${LOT}' AND status = 'CANCELLED'`,
    `INSERT INTO charges (id, reservation_id, kind, amount_cents, created_at)
       SELECT id || '-e', id, 'EXTENSION', 5000, start_ts FROM reservations WHERE lot_id = '${LOT}' AND status = 'COMPLETED' AND id LIKE '%7-0'`,
    `INSERT INTO checkins (id, lot_id, plate, walk_in, entry_ts, exit_ts, amount_cents, paid_by)
       WITH RECURSIVE ${counter('d', DAYS - 1)}, ${counter('w', 9)}
       SELECT 'bench-rw-' || d.n || '-' || w.n, '${LOT}', 'WLK ' || w.n, 1, ${iso(`${dayZero} + d.n * 86400 + (7 + w.n) * 3600`)}, ${iso(`${dayZero} + d.n * 86400 + (9 + w.n) * 3600`)}, 10000, 'cash' FROM d, w`,
  ];
}

function importHistory(firstDay: string) {
  const dir = mkdtempSync(join(tmpdir(), 'parkada-bench-'));
  try {
    writeFileSync(join(dir, 'history.sql'), `${history(firstDay).join(';\n')};\n`);
    localD1('execute', '--file', join(dir, 'history.sql'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The daily Cron, run through workerd's local trigger until the bench lot's rollups hold no row past
 * their hot window (a run folds a bounded number; runs at once are safe). D1 is busy while it writes,
 * so a look that finds it locked waits for the next.
 */
async function foldImported(today: string) {
  const customersBefore = addDays(today, -CUSTOMER_DAYS_HOT_DAYS);
  const hoursBefore = addDays(today, -ROLLUP_HOURS_HOT_DAYS);
  const pending = () => {
    try {
      return query<{ rows: number }>(
        `SELECT (SELECT count(*) FROM lot_customer_days WHERE lot_id = '${LOT}' AND day < '${customersBefore}') + (SELECT count(*) FROM customer_days_outbox WHERE lot_id = '${LOT}') + (SELECT count(*) FROM lot_money_hours WHERE lot_id = '${LOT}' AND day < '${hoursBefore}') AS rows`,
      )[0].rows;
    } catch {
      return null;
    }
  };
  for (let look = 0; pending() !== 0; look++) {
    if (look === 120) throw new Error('The daily Cron did not fold the imported rollups in 10 minutes.');
    if (look % 12 === 0) fetch(`${BASE_URL}/cdn-cgi/handler/scheduled`).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

/** The dev server's proxy to workerd sometimes drops the request right after a long one ("fetch failed", 500 in ~0.1 s): those are sent again and counted. */
let dropped = 0;

async function timed(path: string, cookie: string): Promise<{ ms: number; bytes: number }> {
  const began = performance.now();
  const res = await api(path, { cookie });
  const body = await res.arrayBuffer();
  const ms = performance.now() - began;
  const text = () => new TextDecoder().decode(body);
  if (res.status === 500 && text().includes('fetch failed')) {
    dropped++;
    return timed(path, cookie);
  }
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text()}`);
  return { ms, bytes: body.byteLength };
}

/** The rows of the lot's archived periods of a kind, as SQL. */
const archivedRows = (kind: 'reservations' | 'charges') =>
  `(SELECT coalesce(sum(rows), 0) FROM archived_periods WHERE kind = '${kind}' AND lot_id = '${LOT}')`;

async function main() {
  endWithin(30);
  const [today, firstDay] = [TODAY, FIRST_DAY];
  // Imported today: the lot's first booking day, from the rollup kept for good (bookings leave D1 a week after they end).
  const [imported] = query<{ first: string | null }>(`SELECT min(day) AS first FROM lot_booking_days_folded WHERE lot_id = '${LOT}'`);
  if (imported?.first !== firstDay) {
    console.log(`Importing a year of stays on ${SLOTS} slots into the local D1…`);
    importHistory(firstDay);
  }
  await foldImported(today);
  const [{ stays, money, walkIns }] = query<{ stays: number; money: number; walkIns: number }>(
    // In D1 and in the archive alike: the daily Cron moves the bookings and charges of closed periods.
    `SELECT (SELECT count(*) FROM reservations WHERE lot_id = '${LOT}') + ${archivedRows('reservations')} AS stays,
            (SELECT count(*) FROM charges WHERE lot_id = '${LOT}') + ${archivedRows('charges')} AS money,
            (SELECT count(*) FROM checkins WHERE lot_id = '${LOT}') AS walkIns`,
  );

  const login = await api('/api/auth/login', { method: 'POST', json: OWNER, headers: { 'CF-Connecting-IP': '2001:db8:be::7e' } });
  if (!login.ok) throw new Error(`owner sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  const range = (days: number) => `lotId=${LOT}&from=${addDays(today, -(days - 1))}&to=${today}`;
  const report = `/api/owner/reports?${range(DAYS)}`;
  const paths = {
    'GET /api/owner/reports (12 months)': report,
    'GET /api/owner/reports/customers (12 months)': `/api/owner/reports/customers?${range(DAYS)}`,
    'GET /api/owner/reports (3 years)': `/api/owner/reports?${range(3 * 365 + 1)}`,
    'GET /api/auth/user (signed in)': '/api/auth/user',
  };
  const sample = (await (await api(report, { cookie })).json()) as {
    kpis: { totalRevenue: number; avgOccupancy: number; totalBookings: number };
    daily: unknown[];
  };
  const times = new Map(Object.keys(paths).map((label) => [label, [] as number[]]));
  const sizes = new Map<string, number>();
  for (let i = -2; i < requests; i++) {
    for (const [label, path] of Object.entries(paths)) {
      const made = await timed(path, cookie);
      sizes.set(label, made.bytes);
      // The first two rounds warm the isolate and SQLite's cache.
      if (i >= 0) times.get(label)!.push(made.ms);
    }
  }
  for (const list of times.values()) list.sort((a, b) => a - b);
  const trivial = times.get('GET /api/auth/user (signed in)')!;

  console.log(
    `${SLOTS}-slot lot: ${stays} reservations, ${money} charges, ${walkIns} walk-ins over ${DAYS} days; ${requests} requests each, one at a time, interleaved`,
  );
  console.log(`report: ${report}`);
  console.log(
    `  ${sample.daily.length} days, ${sample.kpis.totalBookings} bookings, ${(sample.kpis.totalRevenue / 100).toFixed(2)} pesos, ${sample.kpis.avgOccupancy}% occupancy`,
  );
  for (const [label, list] of times)
    console.log(
      `${label.padEnd(46)} p50 ${percentile(list, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(list, 95).toFixed(1).padStart(7)} ms   ${(sizes.get(label)! / 1024).toFixed(1).padStart(6)} KB   p95 ${(percentile(list, 95) / percentile(trivial, 95)).toFixed(1)}× trivial`,
    );
  console.log(
    `target: the 12-month report at p95 ≤ 3× trivial and ≤ 60 KB; requests the dev proxy dropped and were sent again: ${dropped}`,
  );
}

await main();
