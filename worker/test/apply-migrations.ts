import { env } from 'cloudflare:test';
import { emptyAtCurrentSchema } from './schema';

/**
 * Each test file starts from empty storage at the current schema. The worker project's files share a
 * runtime one after another (starting workerd and loading the worker per file cost most of its time),
 * so what an earlier file left is removed here: D1's rows (worker/test/schema.ts), the sessions in KV
 * and the documents and archived periods in R2. Durable Objects are keyed by lot ids, which a new seed draws afresh, and by
 * client addresses and e-mails, which each file draws its own (worker/test/helpers.ts).
 */
await emptyAtCurrentSchema();
for (let page = await env.SESSIONS.list(); ; page = await env.SESSIONS.list({ cursor: page.cursor })) {
  await Promise.all(page.keys.map(({ name }) => env.SESSIONS.delete(name)));
  if (page.list_complete) break;
}
for (const bucket of [env.DOCUMENTS, env.ARCHIVE])
  for (let page = await bucket.list(); ; page = await bucket.list({ cursor: page.cursor })) {
    if (page.objects.length > 0) await bucket.delete(page.objects.map(({ key }) => key));
    if (!page.truncated) break;
  }
