/**
 * Prepares the local database for `npm start` and the browser tests: applies the D1 migrations,
 * then, when the database has no users yet, loads the Manila demo data. Prints the demo accounts.
 * Works on the state folder the dev server uses (PARKADA_STATE_DIR, default .wrangler/state).
 * The demo data is built by the same code the tests use, rendered to one SQL file that wrangler
 * applies locally — nothing here talks to the network.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../worker/db/client';
import { DEMO_HISTORY_DAYS, demoHistorySql } from '../worker/seed/demo-history';
import { demoOffersSql } from '../worker/seed/demo-offers';
import { DEMO_ACCOUNTS, DEMO_ATTENDANT_LOT, DEMO_PASSWORD, demoDataStatements } from '../worker/seed/seed';
import { localD1 as wrangler } from './local-state';

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

async function seedSql(): Promise<string> {
  // The statements are only rendered, never executed, so no D1 binding is needed here.
  const statements = await demoDataStatements(createDb({} as D1Database));
  return [
    ...statements.map((statement) => inline(statement.toSQL())),
    ...[...demoHistorySql(), ...demoOffersSql()].map((sql) => `${sql};`),
  ].join('\n');
}

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
  console.log(`Loading Manila demo data, with ${DEMO_HISTORY_DAYS} days of demo history at the demo owner's lots…`);
  const dir = mkdtempSync(join(tmpdir(), 'parkada-seed-'));
  try {
    writeFileSync(join(dir, 'seed.sql'), await seedSql());
    wrangler('execute', '--file', join(dir, 'seed.sql'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`Demo accounts (password for all: ${DEMO_PASSWORD})
${DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(13)} ${a.email}`).join('\n')}
  The attendant works "${DEMO_ATTENDANT_LOT}".
`);
