/**
 * Where a plate is still written in full (docs/privacy.md): every text column of every D1 table, and
 * every table of every lot object's storage. The privacy tests ask it after an erasure and after the
 * retention periods, so a column or a table that starts holding plates is found without a list to keep.
 */
import { env, listDurableObjectIds, runInDurableObject } from 'cloudflare:test';
import type { LotDurableObject } from '../lot-object/lot-durable-object';

/** A plate as it may be written: spaced as it is stored, or squashed as a person may type it. */
const spellings = (plates: string[]) => [...new Set(plates.flatMap((plate) => [plate, plate.replace(/\s+/g, '')]))];

/** The `table.column`s of D1 where any of the plates is written in full. */
export async function fullPlatesInD1(plates: string[]): Promise<string[]> {
  const { results: columns } = await env.DB.prepare(
    `SELECT m.name AS tableName, c.name AS columnName FROM sqlite_master m, pragma_table_info(m.name) c
      WHERE m.type = 'table' AND m.name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND upper(c.type) IN ('TEXT', '')`,
  ).all<{ tableName: string; columnName: string }>();
  const needles = JSON.stringify(spellings(plates));
  const found: string[] = [];
  for (const { tableName, columnName } of columns) {
    const hit = await env.DB.prepare(
      `SELECT 1 FROM "${tableName}" WHERE EXISTS (SELECT 1 FROM json_each(?) WHERE instr("${tableName}"."${columnName}", value) > 0) LIMIT 1`,
    )
      .bind(needles)
      .first();
    if (hit) found.push(`${tableName}.${columnName}`);
  }
  return found;
}

/** How many lot objects were read, and the tables of their storage (and its key-value part) where any of the plates is written in full. */
export async function fullPlatesInLots(plates: string[]): Promise<{ objects: number; found: string[] }> {
  const needles = spellings(plates);
  const ids = await listDurableObjectIds(env.LOT);
  const found: string[] = [];
  for (const id of ids)
    await runInDurableObject(env.LOT.get(id), async (_lot: LotDurableObject, state) => {
      const sql = state.storage.sql;
      const tables = sql.exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
      );
      const contents = tables.toArray().map(({ name }) => ({ name, text: JSON.stringify(sql.exec(`SELECT * FROM "${name}"`).toArray()) }));
      contents.push({ name: 'key-value storage', text: JSON.stringify([...(await state.storage.list())]) });
      for (const { name, text } of contents) if (needles.some((needle) => text.includes(needle))) found.push(`${id.toString()}: ${name}`);
    });
  return { objects: ids.length, found };
}
