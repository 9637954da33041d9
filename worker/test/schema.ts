import { applyD1Migrations, env } from 'cloudflare:test';

type SchemaRow = { type: string; name: string; sql: string | null; parent: string | null };

/** Every table, view and trigger of the test file's D1 database, each table once per table it refers to. */
async function schemaRows() {
  const { results } = await env.DB.prepare(
    `SELECT m.type, m.name, m.sql, f."table" AS parent FROM sqlite_master m LEFT JOIN pragma_foreign_key_list(m.name) f
     WHERE m.type IN ('trigger', 'view', 'table') AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_cf_%'
     ORDER BY m.type, m.name, parent`,
  ).all<SchemaRow>();
  return results;
}

/** The tables, each after every table that refers to it: a parent dropped or emptied first fails on its children. */
function childrenFirst(rows: SchemaRow[]) {
  const parents = new Map<string, Set<string>>();
  for (const { type, name, parent } of rows) {
    if (type !== 'table') continue;
    const set = parents.get(name) ?? new Set<string>();
    if (parent && parent !== name) set.add(parent);
    parents.set(name, set);
  }
  const ordered: string[] = [];
  while (parents.size > 0) {
    const referred = new Set([...parents.values()].flatMap((set) => [...set]));
    const leaves = [...parents.keys()].filter((name) => !referred.has(name));
    if (leaves.length === 0) throw new Error(`Tables refer to each other in a cycle: ${[...parents.keys()].join(', ')}`);
    for (const name of leaves) {
      ordered.push(name);
      parents.delete(name);
    }
  }
  return ordered;
}

const run = async (statements: string[]) => {
  if (statements.length > 0) await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
};

/**
 * Drops every table, view and trigger of the test file's D1 database (dropped, not emptied: the
 * ledger, audit and receipt triggers refuse deletes), children before the tables they refer to.
 */
async function dropSchema() {
  const rows = await schemaRows();
  const others = rows.filter((row) => row.type !== 'table').map(({ type, name }) => `DROP ${type.toUpperCase()} "${name}"`);
  await run([...others, ...childrenFirst(rows).map((name) => `DROP TABLE "${name}"`)]);
}

/** The test file's D1 database as the migrations before `name` left it: a migration's own test fills it, then applies the rest. */
export async function migratedUpTo(name: string) {
  await dropSchema();
  const before = env.TEST_MIGRATIONS.filter((migration) => migration.name < name);
  await applyD1Migrations(env.DB, before);
  return before;
}

/** What the migrations made, as applied last in this runtime: the schema, word for word, and the tables they filled. */
type Migrated = { schema: string; filled: string[] };
const runtime = globalThis as { migratedSchema?: Migrated };

/** The schema as text, with what says the migrations' own rows are intact: a file that changed any of it is migrated afresh. */
async function describeSchema(rows: SchemaRow[], filled: string[]) {
  const counts = await env.DB.batch(['d1_migrations', ...filled].map((table) => env.DB.prepare(`SELECT count(*) AS n FROM "${table}"`)));
  return JSON.stringify([rows, counts.map((result) => result.results)]);
}

/**
 * The test file's D1 database empty at the current schema, with the rows the migrations write (a
 * table of hour numbers). Files share a runtime one after another: when the schema is still exactly the
 * one migrated last, the tables are emptied (the triggers dropped meanwhile, as the ledger, audit and
 * receipt triggers refuse deletes, and put back word for word), which costs a fraction of dropping the
 * schema and applying every migration again; otherwise (the runtime's first file, or a file that
 * changed the schema) it is dropped and migrated.
 */
export async function emptyAtCurrentSchema() {
  const migrated = runtime.migratedSchema;
  const rows = await schemaRows();
  if (migrated && (await describeSchema(rows, migrated.filled)) === migrated.schema) {
    const triggers = rows.filter((row) => row.type === 'trigger');
    const keep = new Set(['d1_migrations', ...migrated.filled]);
    await run([
      ...triggers.map(({ name }) => `DROP TRIGGER "${name}"`),
      ...childrenFirst(rows)
        .filter((name) => !keep.has(name))
        .map((name) => `DELETE FROM "${name}"`),
      ...triggers.map(({ sql }) => sql!),
    ]);
    return;
  }
  runtime.migratedSchema = undefined;
  await dropSchema();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  const now = await schemaRows();
  const tables = childrenFirst(now);
  const counts = await env.DB.batch(tables.map((table) => env.DB.prepare(`SELECT count(*) AS n FROM "${table}"`)));
  const filled = tables.filter((table, i) => table !== 'd1_migrations' && (counts[i].results[0] as { n: number }).n > 0);
  runtime.migratedSchema = { schema: await describeSchema(now, filled), filled };
}
