/** System health against the real bindings: each part is probed, and a broken part is reported as an error, not a 500. */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { overallStatus, rateProbe } from '../../core/health';
import { call, cookieFor, seedOnce } from '../test/helpers';

let cookie = '';
beforeAll(async () => {
  await seedOnce();
  cookie = await cookieFor('super_admin');
});

type Health = { status: string; services: { name: string; status: string; responseTimeMs: number; detail: string }[] };

describe('system health', () => {
  it('probes D1, KV, a lot object and the payment configuration', async () => {
    const res = await call('/api/admin/system-health', { cookie });
    expect(res.status).toBe(200);
    const health = (await res.json()) as Health;
    expect(health.services.map((s) => s.name)).toEqual(['Database (D1)', 'Sessions store (KV)', 'Lot objects (Durable Objects)', 'Payments']);
    for (const service of health.services.slice(0, 3)) expect(service.status, service.name).not.toBe('error');
    expect(health.services.every((s) => s.responseTimeMs >= 0)).toBe(true);
  });

  it('reports a part that fails as an error with its message', async () => {
    const brokenKv = { ...env.SESSIONS, put: () => Promise.reject(new Error('KV unavailable')), get: env.SESSIONS.get.bind(env.SESSIONS) } as unknown as KVNamespace;
    // The session itself is read from the real KV; only the probe sees the broken one.
    const health = (await (await call('/api/admin/system-health', { cookie, bindings: { SESSIONS: brokenKv } })).json()) as Health;
    expect(health.services.find((s) => s.name === 'Sessions store (KV)')).toMatchObject({ status: 'error', detail: 'KV unavailable' });
    expect(health.status).toBe('error');
  });

  it('answers uptime checkers without a session or details, 503 when a part is down', async () => {
    const ok = await call('/api/health');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: expect.stringMatching(/^(healthy|warning)$/) });
    const brokenKv = { get: () => Promise.resolve(null), put: () => Promise.reject(new Error('KV unavailable')) } as unknown as KVNamespace;
    const down = await call('/api/health', { bindings: { SESSIONS: brokenKv } });
    expect([down.status, await down.json()]).toEqual([503, { status: 'error' }]);
  });

  it('rates probes by the stated threshold', () => {
    expect([rateProbe(true, 20), rateProbe(true, 900), rateProbe(false, 5)]).toEqual(['healthy', 'warning', 'error']);
    expect(overallStatus(['healthy', 'warning'])).toBe('warning');
    expect(overallStatus([])).toBe('healthy');
  });
});
