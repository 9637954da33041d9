/**
 * What a local state folder (miniflare's `v3/`) holds, in bytes: D1's database and the lot objects'
 * SQLite files as they would be vacuumed, their write-ahead logs folded in, and the R2 objects' bodies.
 * Read from copies, so a server still running is never disturbed.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export type SqliteBytes = { bytes: number; byTable: Map<string, number>; rows: (table: string) => number };

/** The bytes of the tables a SQLite file holds, each with its indexes: `dbstat` over a vacuumed copy. */
export function vacuumed(file: string): SqliteBytes {
  const dir = mkdtempSync(join(tmpdir(), 'parkada-bytes-'));
  try {
    copyFileSync(file, join(dir, 'live.sqlite'));
    if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, join(dir, 'live.sqlite-wal'));
    const live = new DatabaseSync(join(dir, 'live.sqlite'));
    live.exec(`VACUUM INTO '${join(dir, 'vacuumed.sqlite')}'`);
    live.close();
    const db = new DatabaseSync(join(dir, 'vacuumed.sqlite'), { readOnly: true });
    const tables = db
      .prepare(
        `SELECT s.tbl_name AS name, sum(d.pgsize) AS bytes FROM dbstat d JOIN sqlite_schema s ON s.name = d.name GROUP BY s.tbl_name`,
      )
      .all() as { name: string; bytes: number }[];
    const counts = new Map(tables.map(({ name }) => [name, (db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]));
    db.close();
    return {
      bytes: statSync(join(dir, 'vacuumed.sqlite')).size,
      byTable: new Map(tables.map(({ name, bytes }) => [name, bytes])),
      rows: (table) => counts.get(table) ?? 0,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const files = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      )
    : [];

/** The D1 database of a state folder (miniflare keeps a `metadata.sqlite` beside it). */
export function d1File(stateDir: string) {
  const found = files(join(stateDir, 'v3', 'd1')).filter((file) => file.endsWith('.sqlite') && !file.endsWith('metadata.sqlite'));
  if (found.length !== 1) throw new Error(`expected one D1 database under ${stateDir}/v3/d1, found ${found.length}`);
  return found[0];
}

/** Each lot object's SQLite file, vacuumed. */
export const lotObjects = (stateDir: string) =>
  files(join(stateDir, 'v3', 'do'))
    .filter((file) => file.includes('LotDurableObject') && file.endsWith('.sqlite') && !file.endsWith('metadata.sqlite'))
    .map((file) => vacuumed(file).bytes);

/** The bytes of every R2 object's body, all buckets together (their metadata is miniflare's, not R2's bill). */
export const r2Bytes = (stateDir: string) =>
  files(join(stateDir, 'v3', 'r2'))
    .filter((file) => file.includes('/blobs/'))
    .reduce((sum, file) => sum + statSync(file).size, 0);

/** When the state last changed: the newest write to a database, an object or a blob (shared-memory files aside: readers touch them). */
export const lastWrite = (stateDir: string) =>
  Math.max(
    0,
    ...['d1', 'do', 'r2'].flatMap((store) =>
      files(join(stateDir, 'v3', store))
        .filter((file) => !file.endsWith('-shm'))
        .map((file) => statSync(file).mtimeMs),
    ),
  );
