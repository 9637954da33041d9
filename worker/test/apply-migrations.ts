import { applyD1Migrations, env } from 'cloudflare:test';

/**
 * Each test file starts from empty storage at the current schema. The worker project's files share a
 * runtime one after another (starting workerd and loading the worker per file cost most of its time),
 * so what an earlier file left is removed here: D1's schema (dropped, not emptied: the ledger and audit
 * triggers refuse deletes), the sessions in KV and the documents in R2. Durable Objects are keyed by
 * lot ids, which a new seed draws afresh, and by client addresses and e-mails, which each file
 * draws its own (worker/test/helpers.ts).
 */
async function dropSchema() {
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

await dropSchema();
for (let page = await env.SESSIONS.list(); ; page = await env.SESSIONS.list({ cursor: page.cursor })) {
  await Promise.all(page.keys.map(({ name }) => env.SESSIONS.delete(name)));
  if (page.list_complete) break;
}
for (let page = await env.DOCUMENTS.list(); ; page = await env.DOCUMENTS.list({ cursor: page.cursor })) {
  if (page.objects.length > 0) await env.DOCUMENTS.delete(page.objects.map(({ key }) => key));
  if (!page.truncated) break;
}
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
