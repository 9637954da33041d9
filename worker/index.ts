import { app } from './app';
import type { Bindings } from './env';

export { AttemptLimiter } from './auth/attempt-limiter';
export { LotDurableObject } from './lot-object/lot-durable-object';

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Bindings>;
