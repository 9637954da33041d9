/**
 * Prepares the local database for `npm start` and the browser tests: applies the D1 migrations,
 * then, when the database has no users yet, loads the Manila demo data. Prints the demo accounts.
 * Works on the state folder the dev server uses (PARKADA_STATE_DIR, default .wrangler/state).
 * The demo data is built by the same code the tests use, rendered to one SQL file that wrangler
 * applies locally — nothing here talks to the network.
 * PARKADA_DEMO_DAYS and PARKADA_DEMO_LOTS (the first N demo lots) size the history: bench:scale writes a
 * year at a few lots (bench/scale.ts); `npm start` takes the defaults.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../worker/db/client';
import { DEMO_HISTORY_DAYS, demoHistorySql, demoLotsOpenedSql } from '../worker/seed/demo-history';
import { DEMO_LOTS } from '../worker/seed/demo-lots';
import { demoDriverSql } from '../worker/seed/demo-driver';
import { demoOffersSql } from '../worker/seed/demo-offers';
import { demoLotIssuesSql } from '../worker/seed/demo-lot-issues';
import { demoReviewsSql } from '../worker/seed/demo-reviews';
import { DEMO_ACCOUNTS, DEMO_ATTENDANT_LOT, DEMO_PASSWORD, demoDataStatements } from '../worker/seed/seed';
import { localD1 as wrangler, localStateDir } from './local-state';

/** A bound parameter as a SQL literal (the demo data holds only strings, numbers and nulls). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return `'${String(value).replaceAll("'", "''")}'`;
}

function inline(query: { sql: string; params: unknown[] }): string {
  let index = 0;
  return `${query.sql.replace(/\?/g, () => literal(query.params[index++]))};`;
}

const historyDays = Number(process.env.PARKADA_DEMO_DAYS ?? DEMO_HISTORY_DAYS);
const historyLots = DEMO_LOTS.slice(0, Number(process.env.PARKADA_DEMO_LOTS ?? DEMO_LOTS.length));
if (!Number.isInteger(historyDays) || historyDays < 0 || historyLots.length === 0)
  throw new Error(`PARKADA_DEMO_DAYS is a whole number of days, PARKADA_DEMO_LOTS 1 to ${DEMO_LOTS.length} lots.`);

async function seedSql(): Promise<string> {
  // The statements are only rendered, never executed, so no D1 binding is needed here.
  const statements = await demoDataStatements(createDb({} as D1Database));
  // The history and the driver's past run up to this moment.
  const now = new Date();
  return [
    ...statements.map((statement) => inline(statement.toSQL())),
    // Reviews last: they rate the stays the history made.
    ...[
      ...demoHistorySql(now, historyDays, historyLots),
      ...demoDriverSql(now),
      ...demoOffersSql(),
      ...demoReviewsSql(),
      ...demoLotIssuesSql(),
      // Last: each lot opened before its first record.
      ...demoLotsOpenedSql(),
    ].map((sql) => `${sql};`),
  ].join('\n');
}

/** Runs SQL text as one `wrangler d1 execute --file`: one start of wrangler and workerd, whatever its length. */
function executeSql(sql: string) {
  const dir = mkdtempSync(join(tmpdir(), 'parkada-seed-'));
  try {
    writeFileSync(join(dir, 'seed.sql'), sql);
    wrangler('execute', '--file', join(dir, 'seed.sql'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const loading = `Loading Manila demo data, with ${historyDays} days of demo history at ${historyLots.length} of the demo owner's lots…`;

if (!existsSync(join(localStateDir(), 'v3', 'd1'))) {
  // A new database (a fresh clone, each browser test run): every migration, recorded as `wrangler d1
  // migrations apply` records them, and the demo data in one run, where applying migrations one by one
  // would start wrangler for each and take ten seconds more.
  const migrations = readdirSync('migrations')
    .filter((name) => name.endsWith('.sql'))
    .sort();
  console.log(
    `Local database: applied ${migrations.length} migration(s), ${migrations[0].slice(0, -4)} … ${migrations.at(-1)!.slice(0, -4)}.`,
  );
  console.log(loading);
  executeSql(
    [
      `CREATE TABLE IF NOT EXISTS d1_migrations(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`,
      ...migrations.flatMap((name) => [
        readFileSync(join('migrations', name), 'utf8'),
        `INSERT INTO d1_migrations (name) VALUES ('${name}');`,
      ]),
      await seedSql(),
    ].join('\n'),
  );
} else {
  // wrangler prints a table per migration; a newcomer needs one line.
  const applied = [...new Set(wrangler('migrations', 'apply').match(/\d{4}_[\w-]+(?=\.sql)/g) ?? [])];
  console.log(
    applied.length
      ? `Local database: applied ${applied.length} migration(s), ${applied[0]} … ${applied.at(-1)}.`
      : 'Local database: up to date.',
  );
  const [{ results }] = JSON.parse(wrangler('execute', '--json', '--command', 'SELECT count(*) AS n FROM users')) as [
    { results: [{ n: number }] },
  ];
  if (results[0].n === 0) {
    console.log(loading);
    executeSql(await seedSql());
  }
}

console.log(`Demo accounts (password for all: ${DEMO_PASSWORD})
${DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(13)} ${a.email}`).join('\n')}
  The attendant works "${DEMO_ATTENDANT_LOT}".
`);
