/**
 * Live probes of the platform's parts (docs/admin.md, System health): D1 with a query, KV with a write,
 * read and delete of a probe key, a lot Durable Object with a round trip, R2 with a put, get and delete,
 * the payment provider's configuration, and the newest failed background job. Each probe is timed;
 * none of them changes anything a user can see. Uptime counts from the running version's first request.
 */
import { overallStatus, rateBackgroundFailure } from '../../core/health';
import { formatDateTime } from '../../core/time';
import type { DB } from '../db/client';
import type { Bindings } from '../env';
import { latestBackgroundFailure } from '../health/background-failures.data';
import { deploymentUptime } from '../health/deployment.service';
import { probe, probeDatabase, type ServiceHealth } from '../health/probes.service';
import { lotObject } from '../lot-object/stub';
import { paymentProvider } from '../payments/payments.service';

/** A lot object no real lot uses: probing it never touches a lot's bookings. */
const PROBE_LOT = 'health-probe';

export async function systemHealth(env: Bindings, db: DB, now = Date.now()) {
  const [services, deployment] = await Promise.all([
    Promise.all([
      probeDatabase(db),
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
      probe('Documents store (R2)', async () => {
        // Outside `owner-applications/`, so no application ever lists it.
        const key = `health-probe/${crypto.randomUUID()}`;
        await env.DOCUMENTS.put(key, 'ok');
        const read = await (await env.DOCUMENTS.get(key))?.text();
        await env.DOCUMENTS.delete(key);
        if (read !== 'ok') throw new Error('The probe object did not read back');
        return 'Put, get and delete answered';
      }),
      (async (): Promise<ServiceHealth> => {
        const configured = paymentProvider(env) !== null;
        return {
          name: 'Payments',
          status: configured ? 'healthy' : 'warning',
          responseTimeMs: 0,
          detail: configured ? 'Provider configured' : 'No payment provider is configured; top-ups are refused',
        };
      })(),
      probe('Background work', async () => {
        const failure = await latestBackgroundFailure(db);
        if (!failure) return 'No failed background work recorded';
        const status = rateBackgroundFailure(failure.failedAt, now);
        return {
          status,
          detail: `${status === 'warning' ? 'Latest failure' : 'Last failure'}: ${failure.job} (${failure.subject}) at ${formatDateTime(failure.failedAt)}: ${failure.message}`,
        };
      }),
    ]),
    deploymentUptime(db, env.CF_VERSION_METADATA.id, now).catch(() => null),
  ]);
  return {
    status: overallStatus(services.map((s) => s.status)),
    checkedAt: new Date(now).toISOString(),
    /** Null when D1 could not say (its probe then shows why). */
    deployment,
    services,
  };
}
