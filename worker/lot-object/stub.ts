import type { Bindings } from '../env';

/** The Durable Object of a lot, by lot id: one instance per lot, wherever it is asked for. */
export const lotObject = (env: Bindings, lotId: string) => env.LOT.get(env.LOT.idFromName(lotId));
