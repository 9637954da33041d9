import { app } from './app';
import type { Bindings } from './env';
import type { LotTimerMessage } from './lot-object/protocol';
import { createDb } from './db/client';
import { freezeClosedMonths } from './owner/statements.service';
import { consumeLotTimers } from './reservations/lifecycle';

export { AttemptLimiter } from './auth/attempt-limiter';
export { LotDurableObject } from './lot-object/lot-durable-object';

export default {
  fetch: app.fetch,
  queue: (batch, env) => consumeLotTimers(batch as MessageBatch<LotTimerMessage>, env),
  scheduled: (_controller, env, ctx) => ctx.waitUntil(freezeClosedMonths(createDb(env.DB))),
} satisfies ExportedHandler<Bindings, LotTimerMessage>;
