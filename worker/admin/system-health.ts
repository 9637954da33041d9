/**
 * Live probes of the platform's parts (docs/admin.md, System health): D1 with a query, KV with a write,
 * read and delete of a probe key, a lot Durable Object with a round trip, and the payment provider's
 * configuration. Each probe is timed; none of them changes anything a user can see.
 */
import { sql } from 'drizzle-orm';
import { overallStatus, rateProbe, type HealthStatus } from '../../core/health';
import type { DB } from '../db/client';
import type { Bindings } from '../env';
import { lotObject } from '../lot-object/stub';
import { paymentProvider } from '../payments/provider';

export type ServiceHealth = { name: string; status: HealthStatus; responseTimeMs: number; detail: string };

/** A lot object no real lot uses: probing it never touches a lot's bookings. */
const PROBE_LOT = 'health-probe';

async function probe(name: string, check: () => Promise<string>): Promise<ServiceHealth> {
  const started = performance.now();
  try {
    const detail = await check();
    const responseTimeMs = Math.round(performance.now() - started);
    return { name, status: rateProbe(true, responseTimeMs), responseTimeMs, detail };
  } catch (error) {
    return { name, status: 'error', responseTimeMs: Math.round(performance.now() - started), detail: error instanceof Error ? error.message : String(error) };
  }
}

export async function systemHealth(env: Bindings, db: DB) {
  const services = await Promise.all([
    probe('Database (D1)', async () => {
      await db.run(sql`SELECT 1`);
      return 'Query answered';
    }),
    probe('Sessions store (KV)', async () => {
      const key = `health-probe:${crypto.randomUUID()}`;
      await env.SESSIONS.put(key, 'ok', { expirationTtl: 60 });
      const read = await env.SESSIONS.get(key);
      await env.SESSIONS.delete(key);
      if (read !== 'ok') throw new Error('The probe key did not read back');
      return 'Write, read and delete answered';
    }),
    probe('Lot objects (Durable Objects)', async () => {
      await lotObject(env, PROBE_LOT).bookedReservations();
      return 'Round trip answered';
    }),
    (async (): Promise<ServiceHealth> => {
      const configured = paymentProvider(env) !== null;
      return { name: 'Payments', status: configured ? 'healthy' : 'warning', responseTimeMs: 0, detail: configured ? 'Provider configured' : 'No payment provider is configured; top-ups are refused' };
    })(),
  ]);
  return { status: overallStatus(services.map((s) => s.status)), checkedAt: new Date().toISOString(), services };
}
