import { env, listDurableObjectIds, runInDurableObject } from 'cloudflare:test';
import { emptyAtCurrentSchema } from './schema';

/** The lot objects whose alarms are deleted already, kept across the files this runtime runs. */
const runtime = globalThis as { quietedLots?: Set<string> };
runtime.quietedLots ??= new Set();

/**
 * An earlier file's lot objects outlive their D1 rows, and their alarms kept firing into this file's
 * lot-timers Queue, whose consumer then found no booking for them: a third of the worker project's
 * 1,800 deliveries (1,300 after), each a few calls to the object and D1 beside this file's own. Their
 * alarms are deleted, once for each object.
 */
async function quietEarlierLots() {
  const quieted = runtime.quietedLots!;
  const ids = (await listDurableObjectIds(env.LOT)).filter((id) => !quieted.has(id.toString()));
  await Promise.all(ids.map((id) => runInDurableObject(env.LOT.get(id), (_lot, state) => state.storage.deleteAlarm())));
  for (const id of ids) quieted.add(id.toString());
}

/**
 * Each test file starts from empty storage at the current schema. The worker project's files share a
 * runtime one after another (starting workerd and loading the worker per file cost most of its time),
 * so what an earlier file left is removed here: D1's rows (worker/test/schema.ts), the sessions in KV
 * and the documents and archived periods in R2. Durable Objects are keyed by lot ids, which a new seed draws afresh, and by
 * client addresses and e-mails, which each file draws its own (worker/test/helpers.ts).
 */
await emptyAtCurrentSchema();
await quietEarlierLots();
for (let page = await env.SESSIONS.list(); ; page = await env.SESSIONS.list({ cursor: page.cursor })) {
  await Promise.all(page.keys.map(({ name }) => env.SESSIONS.delete(name)));
  if (page.list_complete) break;
}
for (const bucket of [env.DOCUMENTS, env.ARCHIVE])
  for (let page = await bucket.list(); ; page = await bucket.list({ cursor: page.cursor })) {
    if (page.objects.length > 0) await bucket.delete(page.objects.map(({ key }) => key));
    if (!page.truncated) break;
  }
