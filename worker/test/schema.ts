import { env } from 'cloudflare:test';

/**
 * Drops every table, view and trigger of the test file's D1 database (dropped, not emptied: the
 * ledger, audit and receipt triggers refuse deletes), children before the tables they refer to.
 */
export async function dropSchema() {
  const { results } = await env.DB.prepare(
    `SELECT m.type, m.name, f."table" AS parent FROM sqlite_master m LEFT JOIN pragma_foreign_key_list(m.name) f
     WHERE m.type IN ('trigger', 'view', 'table') AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_cf_%'`,
  ).all<{ type: string; name: string; parent: string | null }>();
  const drops = results.filter((row) => row.type !== 'table').map(({ type, name }) => `DROP ${type.toUpperCase()} "${name}"`);
  // A table goes after every table that refers to it: dropping a parent first fails on its missing child.
  const parents = new Map<string, Set<string>>();
  for (const { type, name, parent } of results) {
    if (type !== 'table') continue;
    const set = parents.get(name) ?? new Set<string>();
    if (parent && parent !== name) set.add(parent);
    parents.set(name, set);
  }
  while (parents.size > 0) {
    const referred = new Set([...parents.values()].flatMap((set) => [...set]));
    const leaves = [...parents.keys()].filter((name) => !referred.has(name));
    if (leaves.length === 0) throw new Error(`Tables refer to each other in a cycle: ${[...parents.keys()].join(', ')}`);
    for (const name of leaves) {
      drops.push(`DROP TABLE "${name}"`);
      parents.delete(name);
    }
  }
  if (drops.length > 0) await env.DB.batch(drops.map((sql) => env.DB.prepare(sql)));
}
