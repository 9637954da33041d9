/**
 * Where a year of traffic lives, and what 2,000 lots over 3 years would fill.
 *   npm run bench:scale [-- --lots 5 --days 365 --port 4497 --quiet 20 --rounds 5]
 * Builds the app and seeds a fresh local state with the demo data, its history written by the demo
 * generator (worker/seed/demo-history.ts, the same records the gate and the bookings write, the
 * rollups' triggers counting them) for `--days` days before today and today so far, at the first
 * `--lots` demo lots (1–17, the flagship mall first). Then serves it (`vite preview`) and runs the daily
 * Cron (`/cdn-cgi/handler/scheduled`), waiting each time until no database, object or R2 body has been
 * written for `--quiet` seconds (the queues drained); again, up to `--rounds` runs, while a run still
 * shrinks D1 (a move in batches may want several).
 * It prints, before the jobs and after: D1's bytes (a vacuumed copy, its write-ahead log folded in)
 * per lot-day beyond the directory alone (the same demo seeded with no days before today, in the same
 * run), the lot objects' bytes (v3/do/, vacuumed) and the archive's (R2 bodies, v3/r2/) per lot-day,
 * D1's largest tables, and the projection for 2,000 lots over 3 years against the 10 GB a D1 database
 * and a Durable Object each hold.
 * Then the same for half the days (`--steady`, on by default), to tell what D1 grows by a lot-day at
 * steady state (the difference of the two, over the days between them) from what stays bounded
 * however long a lot lives (the hot windows: the open month's charges, the last days' stays and
 * bookings; the directory). Target (issue 46): D1 grows ≤ 2.5 KB per lot-day at steady state. Sizes
 * in decimal units (1 KB = 1,000 bytes). It ends within 45 minutes (bench/time-limit.ts).
 */
import { parseArgs } from 'node:util';
import { DEMO_LOTS } from '../worker/seed/demo-lots';
import { freshStateDir, seed, startBuiltApp } from './preview';
import { d1File, lastWrite, lotObjects, r2Bytes, type SqliteBytes, vacuumed } from './state-bytes';
import { endWithin } from './time-limit';
import { rmSync } from 'node:fs';

const { values } = parseArgs({
  options: {
    lots: { type: 'string', default: '5' },
    days: { type: 'string', default: '365' },
    port: { type: 'string', default: '4497' },
    quiet: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '5' },
    steady: { type: 'boolean', default: true },
  },
  allowNegative: true,
});
const lots = Number(values.lots);
const days = Number(values.days);
const lotDays = lots * days;
const history = (historyDays: number) => ({ PARKADA_DEMO_LOTS: String(lots), PARKADA_DEMO_DAYS: String(historyDays) });

/** What the issue projects: 2,000 lots over 3 years, against what one D1 database and one object hold. */
const CITY = { lots: 2_000, days: 3 * 365 };
const LIMIT = 10e9;
const TARGET_PER_LOT_DAY = 2_500;
/** How long one Cron run's work may keep writing before the bench measures anyway. */
const ROUND_MS = 15 * 60_000;

const size = (bytes: number) =>
  bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} KB`;
const share = (bytes: number) => `${((bytes / LIMIT) * 100).toFixed(bytes < LIMIT / 100 ? 2 : 0)}% of 10 GB`;
const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** D1 of the same demo with no days of history before today: the directory, which grows with lots and people, not with days. */
function directoryAlone() {
  const stateDir = freshStateDir();
  try {
    seed(stateDir, history(0));
    return vacuumed(d1File(stateDir)).bytes;
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
}

/** Until nothing has been written for `--quiet` seconds (or ROUND_MS have passed: then it says so). */
async function settled(stateDir: string) {
  const quietMs = Number(values.quiet) * 1000;
  const began = Date.now();
  await sleep(quietMs);
  while (Date.now() - lastWrite(stateDir) < quietMs) {
    if (Date.now() - began > ROUND_MS) return console.log(`  still writing after ${ROUND_MS / 60_000} min: measured as it is`);
    await sleep(1000);
  }
}

/** The daily Cron, run after run while a run still shrinks D1 by more than 1%; answers how many ran. */
async function runJobs(base: string, stateDir: string, before: number) {
  let d1 = before;
  for (let round = 1; round <= Number(values.rounds); round++) {
    const began = performance.now();
    const res = await fetch(`${base}/cdn-cgi/handler/scheduled`);
    if (!res.ok) throw new Error(`the daily Cron did not run: ${res.status} ${await res.text()}`);
    await settled(stateDir);
    const now = vacuumed(d1File(stateDir)).bytes;
    console.log(`  Cron run ${round}: D1 ${size(d1)} → ${size(now)}, ${((performance.now() - began) / 1000).toFixed(0)} s until quiet`);
    if (d1 - now <= d1 * 0.01) return round;
    d1 = now;
  }
  console.log(`  D1 still shrank in the last run: measured as it is (--rounds to run more)`);
  return Number(values.rounds);
}

type Measure = { d1: SqliteBytes; objects: number[]; r2: number };

function report(directory: number, before: Measure, after: Measure, rounds: number) {
  const perLotDay = (m: Measure) => ({
    d1: (m.d1.bytes - directory) / lotDays,
    objects: sum(m.objects) / lotDays,
    r2: (m.r2 - before.r2) / lotDays,
  });
  const [b, a] = [perLotDay(before), perLotDay(after)];
  const row = (label: string, was: string, is: string) => console.log(`${label.padEnd(42)} ${was.padStart(16)} ${is.padStart(16)}`);
  console.log(
    `\n${lots} lots × ${days} days (${DEMO_LOTS.slice(0, lots)
      .map((lot) => lot.name)
      .join(
        ', ',
      )}): ${before.d1.rows('checkins').toLocaleString()} check-ins, ${before.d1.rows('reservations').toLocaleString()} reservations, ${before.d1.rows('charges').toLocaleString()} charges written; ${rounds} Cron run(s)\n`,
  );
  row('', 'before the jobs', 'after the jobs');
  row('D1, vacuumed', size(before.d1.bytes), size(after.d1.bytes));
  row(`  per lot-day beyond the directory (${size(directory)})`, size(b.d1), size(a.d1));
  row(`lot objects (${before.objects.length} / ${after.objects.length} files)`, size(sum(before.objects)), size(sum(after.objects)));
  row('  per lot-day', size(b.objects), size(a.objects));
  row('archive (R2 bodies, beyond the demo’s own)', size(0), size(after.r2 - before.r2));
  row('  per lot-day', size(b.r2), size(a.r2));
  console.log(`target: D1 ≤ ${size(TARGET_PER_LOT_DAY)} per lot-day after the jobs: ${a.d1 <= TARGET_PER_LOT_DAY ? 'met' : 'missed'}`);
  const largest = [...after.d1.byTable].sort((x, y) => y[1] - x[1]).slice(0, 8);
  console.log(
    `\nD1's largest tables after the jobs (with their indexes): ${largest.map(([name, bytes]) => `${name} ${size(bytes)} (${after.d1.rows(name).toLocaleString()} rows)`).join(', ')}`,
  );
  project(directory, b, a, after.objects);
}

/** The directory grows with lots: the demo's, per demo lot (accounts and all), times the city's lots. */
const cityDirectoryOf = (directory: number) => (directory / DEMO_LOTS.length) * CITY.lots;

function project(directory: number, before: { d1: number; r2: number }, after: { d1: number; r2: number }, objects: number[]) {
  const cityLotDays = CITY.lots * CITY.days;
  const cityDirectory = cityDirectoryOf(directory);
  const d1 = (perLotDay: number) => cityDirectory + perLotDay * cityLotDays;
  const busiest = Math.max(0, ...objects) / days;
  console.log(
    `\nProjection, ${CITY.lots.toLocaleString()} lots × ${CITY.days.toLocaleString()} days (${cityLotDays.toLocaleString()} lot-days):`,
  );
  console.log(`  D1: ${size(d1(after.d1))}, ${share(d1(after.d1))} (before the jobs: ${size(d1(before.d1))}, ${share(d1(before.d1))})`);
  console.log(
    `  one lot object, the busiest at ${size(busiest)} a day kept 3 years: ${size(busiest * CITY.days)}, ${share(busiest * CITY.days)}`,
  );
  console.log(`  archive: ${size(after.r2 * cityLotDays)} in R2 (no limit to a bucket)`);
}

/**
 * What D1 grows by a lot-day at steady state: the difference between two histories after the jobs,
 * over the lot-days between them (the directory and the hot windows, the same in both, cancel out);
 * and what stays bounded however long a lot lives. The 3 years projected from both.
 */
function reportSteady(directory: number, short: { days: number; d1: SqliteBytes }, long: { days: number; d1: SqliteBytes }) {
  const lotDaysBetween = lots * (long.days - short.days);
  const growth = (long.d1.bytes - short.d1.bytes) / lotDaysBetween;
  const boundedPerLot = (long.d1.bytes - directory - growth * lots * long.days) / lots;
  console.log(
    `\nAt steady state (${short.days} → ${long.days} days, after the jobs): D1 grows ${size(growth)} per lot-day; bounded, whatever the days: ${size(boundedPerLot)} a lot (the hot windows)`,
  );
  console.log(
    `target: D1 grows ≤ ${size(TARGET_PER_LOT_DAY)} per lot-day at steady state: ${growth <= TARGET_PER_LOT_DAY ? 'met' : 'missed'}`,
  );
  const tables = [...long.d1.byTable]
    .map(([name, bytes]) => [name, (bytes - (short.d1.byTable.get(name) ?? 0)) / lotDaysBetween] as const)
    .sort((x, y) => y[1] - x[1])
    .slice(0, 8);
  console.log(`  what grows, per lot-day: ${tables.map(([name, bytes]) => `${name} ${size(bytes)}`).join(', ')}`);
  const cityDirectory = cityDirectoryOf(directory);
  const city = cityDirectory + boundedPerLot * CITY.lots + growth * CITY.lots * CITY.days;
  console.log(
    `  ${CITY.lots.toLocaleString()} lots × ${CITY.days.toLocaleString()} days: ${size(city)}, ${share(city)} (directory ${size(cityDirectory)}, hot windows ${size(boundedPerLot * CITY.lots)}, growth ${size(growth * CITY.lots * CITY.days)})`,
  );
}

/** A history of `historyDays` seeded, served and put through the daily Cron: what the state holds before and after. */
async function historyMeasured(historyDays: number) {
  let before: Measure | undefined;
  const app = await startBuiltApp(values.port, {
    env: history(historyDays),
    beforeServe: (stateDir) => {
      before = { d1: vacuumed(d1File(stateDir)), objects: lotObjects(stateDir), r2: r2Bytes(stateDir) };
    },
  });
  try {
    console.log(`Running the daily Cron on ${app.base}…`);
    const rounds = await runJobs(app.base, app.stateDir, before!.d1.bytes);
    const after = { d1: vacuumed(d1File(app.stateDir)), objects: lotObjects(app.stateDir), r2: r2Bytes(app.stateDir) };
    return { before: before!, after, rounds };
  } finally {
    app.stop();
  }
}

async function main() {
  endWithin(45);
  if (!(Number.isInteger(lots) && lots >= 1 && lots <= DEMO_LOTS.length && Number.isInteger(days) && days >= 2))
    throw new Error(`--lots is 1 to ${DEMO_LOTS.length}, --days a whole number of days from 2`);
  console.log(`Seeding the demo with no history before today (the directory alone)…`);
  const directory = directoryAlone();
  console.log(`Building, and seeding ${days} days of demo history at ${lots} lots…`);
  const full = await historyMeasured(days);
  report(directory, full.before, full.after, full.rounds);
  if (!values.steady) return;
  const halfDays = Math.floor(days / 2);
  console.log(`\nBuilding, and seeding ${halfDays} days of demo history at ${lots} lots, for the growth at steady state…`);
  const half = await historyMeasured(halfDays);
  reportSteady(directory, { days: halfDays, d1: half.after.d1 }, { days, d1: full.after.d1 });
}

await main();
