/** System health against the real bindings: each part is probed, and a broken part is reported as an error, not a 500. */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_HEALTH_FRESH_MS, rateProbe } from '../../core/health';
import { DAY_MS, HOUR_MS } from '../../core/time';
import { createDb } from '../db/client';
import { backgroundFailures, deployments } from '../db/schema';
import { publicHealth } from '../health/health.service';
import { LotDurableObject } from '../lot-object/lot-durable-object';
import { lotObject } from '../lot-object/stub';
import { call, cookieFor, db, seedOnce } from '../test/helpers';
import { runLotTimers } from '../test/lot-timers';

let cookie = '';
beforeAll(async () => {
  await seedOnce();
  cookie = await cookieFor('super_admin');
});

type Service = { name: string; status: string; responseTimeMs: number; detail: string };
type Health = {
  status: string;
  checkedAt: string;
  deployment: { versionId: string; startedAt: string; uptimeSeconds: number } | null;
  services: Service[];
};

const brokenD1 = {
  prepare: () => {
    throw new Error('D1 unavailable');
  },
} as unknown as D1Database;

const health = async (bindings?: Partial<typeof env>) =>
  (await (await call('/api/admin/system-health', { cookie, bindings })).json()) as Health;
const part = (h: Health, name: string) => h.services.find((s) => s.name === name);
const version = (id: string) => ({ id, tag: '', timestamp: new Date().toISOString() });
/**
 * A part with nothing wrong is rated by its response time alone: healthy, or a warning when this
 * machine answered slowly. The test states the rule, not the machine's speed.
 */
const ratedByTime = (service: Service) => rateProbe(true, service.responseTimeMs);

describe('system health', () => {
  it('probes D1, KV, a lot object, R2, the payment configuration and the background work', async () => {
    const res = await call('/api/admin/system-health', { cookie });
    expect(res.status).toBe(200);
    const health = (await res.json()) as Health;
    expect(health.services.map((s) => s.name)).toEqual([
      'Database (D1)',
      'Sessions store (KV)',
      'Lot objects (Durable Objects)',
      'Documents store (R2)',
      'Payments',
      'Background work',
    ]);
    for (const service of health.services) expect(service.status, service.name).not.toBe('error');
    expect(part(health, 'Documents store (R2)')!.detail).toBe('Put, get and delete answered');
    expect(health.services.every((s) => s.responseTimeMs >= 0)).toBe(true);
    // The probe leaves nothing behind in the bucket.
    expect((await env.DOCUMENTS.list({ prefix: 'health-probe/' })).objects).toEqual([]);
  });

  it('reports R2 failing as an error with its message', async () => {
    const brokenR2 = { put: () => Promise.reject(new Error('R2 unavailable')) } as unknown as R2Bucket;
    const h = await health({ DOCUMENTS: brokenR2 });
    expect(part(h, 'Documents store (R2)')).toMatchObject({ status: 'error', detail: 'R2 unavailable' });
    expect(h.status).toBe('error');
  });

  it('reports a part that fails as an error with its message', async () => {
    const brokenKv = {
      ...env.SESSIONS,
      put: () => Promise.reject(new Error('KV unavailable')),
      get: env.SESSIONS.get.bind(env.SESSIONS),
    } as unknown as KVNamespace;
    // The session itself is read from the real KV; only the probe sees the broken one.
    const health = (await (await call('/api/admin/system-health', { cookie, bindings: { SESSIONS: brokenKv } })).json()) as Health;
    expect(health.services.find((s) => s.name === 'Sessions store (KV)')).toMatchObject({ status: 'error', detail: 'KV unavailable' });
    expect(health.status).toBe('error');
  });

  it('answers uptime checkers without a session or details and without touching KV, R2 or a lot object; 503 when D1 is down', async () => {
    // KV, R2 and the lot objects are out of reach: the public answer must not touch them (each write there costs quota).
    const touched: string[] = [];
    const outOfReach = (binding: string) =>
      new Proxy(
        {},
        {
          get: (_, name) => {
            touched.push(`${binding}.${String(name)}`);
            return () => Promise.reject(new Error(`${binding} touched`));
          },
        },
      );
    const fresh = version(`v-${crypto.randomUUID()}`);
    const untouchable = { SESSIONS: outOfReach('KV'), DOCUMENTS: outOfReach('R2'), LOT: outOfReach('LOT') } as unknown as Partial<
      typeof env
    >;
    const ok = await call('/api/health', { bindings: { ...untouchable, CF_VERSION_METADATA: fresh } });
    expect([ok.status, await ok.json(), touched]).toEqual([200, { status: expect.stringMatching(/^(healthy|warning)$/) }, []]);

    // A version whose start is already recorded, so only the health check meets the broken D1.
    const another = version(`v-${crypto.randomUUID()}`);
    await call('/api/lots', { bindings: { CF_VERSION_METADATA: another } });
    const down = await call('/api/health', { bindings: { DB: brokenD1, CF_VERSION_METADATA: another } });
    expect([down.status, await down.json()]).toEqual([503, { status: 'error' }]);
  });

  it('reuses the public answer for a few seconds, then asks D1 again', async () => {
    const versionId = `v-${crypto.randomUUID()}`;
    const now = Date.now();
    const live = await publicHealth(db(), versionId, now);
    expect(live).not.toBe('error');
    // Within the window not even D1 is asked; after it, the broken D1 is.
    expect(await publicHealth(createDb(brokenD1), versionId, now + PUBLIC_HEALTH_FRESH_MS - 1)).toBe(live);
    expect(await publicHealth(createDb(brokenD1), versionId, now + PUBLIC_HEALTH_FRESH_MS)).toBe('error');
  });

  it('measures uptime from the first request the running version served, recorded once', async () => {
    const fresh = version(`v-${crypto.randomUUID()}`);
    const before = Date.now();
    // Any request of a new version records its start; later requests and isolates leave it be.
    await call('/api/lots', { bindings: { CF_VERSION_METADATA: fresh } });
    const [row] = await db().select().from(deployments).where(eq(deployments.versionId, fresh.id));
    expect(Date.parse(row.startedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await health({ CF_VERSION_METADATA: fresh })).deployment).toMatchObject({ versionId: fresh.id, startedAt: row.startedAt });

    const running = version(`v-${crypto.randomUUID()}`);
    const startedAt = new Date(Date.now() - 2 * HOUR_MS).toISOString();
    await db().insert(deployments).values({ versionId: running.id, startedAt });
    const { deployment, checkedAt } = await health({ CF_VERSION_METADATA: running });
    expect(deployment).toMatchObject({ versionId: running.id, startedAt });
    expect(deployment!.uptimeSeconds).toBeGreaterThanOrEqual(2 * 3600);
    // Counted to the moment of the check, however long this machine took to get there.
    expect(deployment!.uptimeSeconds).toBe(Math.floor((Date.parse(checkedAt) - Date.parse(startedAt)) / 1000));
  });

  it("shows the latest failed background work: an old one as healthy, a lot's timers failing now as a warning", async () => {
    const nothingFailed = part(await health(), 'Background work')!;
    expect(nothingFailed).toMatchObject({ status: ratedByTime(nothingFailed), detail: 'No failed background work recorded' });
    await db()
      .insert(backgroundFailures)
      .values({
        id: crypto.randomUUID(),
        job: 'Lot timers',
        subject: 'old-lot',
        message: 'D1 timed out',
        failedAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      });
    const oldFailure = part(await health(), 'Background work')!;
    expect(oldFailure).toMatchObject({
      status: ratedByTime(oldFailure),
      detail: expect.stringMatching(/^Last failure: Lot timers \(old-lot\) at .*: D1 timed out$/),
    });

    // A lot's due work fails (injected in its object): the failure is recorded where it happens, and the Queue delivers the item again.
    const { reconcileWalkIns } = LotDurableObject.prototype;
    LotDurableObject.prototype.reconcileWalkIns = () => {
      throw new Error('Injected timer failure');
    };
    try {
      expect((await runLotTimers(lotObject(env, 'failing-lot'), Date.now())).retryMessages).toMatchObject([{ msgId: 'due-0' }]);
    } finally {
      LotDurableObject.prototype.reconcileWalkIns = reconcileWalkIns;
    }
    const h = await health();
    expect(part(h, 'Background work')).toMatchObject({
      status: 'warning',
      detail: expect.stringMatching(/^Latest failure: Lot timers \(failing-lot\) at .*: Injected timer failure$/),
    });
    expect(h.status).toBe('warning');
  });
});
