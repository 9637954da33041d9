import { app } from './app';
import type { Bindings } from './env';

export { LotDurableObject } from './lot-object/lot-durable-object';

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Bindings>;
