import { sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/** `column IN (values)` with any number of values as one bound parameter (D1 binds at most 100 per statement). */
export const valuesIn = (column: SQLiteColumn, values: Iterable<string>) =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify([...values])}))`;
