import type { SQL } from 'drizzle-orm';
import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import type { SQLiteRaw } from 'drizzle-orm/sqlite-core/query-builders/raw';

/**
 * The drizzle db over one D1 binding; `$client` is that binding, which prepares and commits raw statements.
 * Without the schema: the app never reads through drizzle's relational `db.query`, and given the schema,
 * `drizzle()` walks every table on each call (a db is made per request and per Queue
 * message): about 7% of a worker runtime's profile (docs/performance.md, The suite).
 */
export type DB = DrizzleD1Database & { $client: D1Database };

/** D1 binds at most 100 parameters per statement; a slot row has 8. */
export const SLOT_ROWS_PER_INSERT = 12;

export const createDb = (d1: D1Database): DB => drizzle(d1);

/** A drizzle query as a plain D1 statement, so it can share one D1 batch (one transaction) with hand-written SQL. */
export function statementOf(db: DB, query: { toSQL(): { sql: string; params: unknown[] } }): D1PreparedStatement {
  const { sql, params } = query.toSQL();
  return db.$client.prepare(sql).bind(...params);
}

/** Hand-written SQL (drizzle's `sql`, which may embed drizzle queries) as a D1 statement of a batch. */
export function sqlStatement(db: DB, query: SQL): D1PreparedStatement {
  const { sql, params } = db.run(query).getQuery();
  return db.$client.prepare(sql).bind(...params);
}

/** Commits a unit of work: the statements collected for it, as one D1 batch (one transaction) through the db's own binding. */
export const commit = (db: DB, statements: D1PreparedStatement[]) => db.$client.batch(statements);

/** Hand-written reads (`db.all(sql…)`) in one round trip to D1; each answers its rows, in order. */
export async function readTogether<const T extends readonly SQLiteRaw<unknown[]>[]>(db: DB, reads: T) {
  const results = await db.$client.batch(
    reads.map((read) => {
      const { sql, params } = read.getQuery();
      return db.$client.prepare(sql).bind(...params);
    }),
  );
  return results.map((result) => result.results) as { -readonly [K in keyof T]: Awaited<T[K]> };
}
