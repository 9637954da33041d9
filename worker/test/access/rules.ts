/**
 * The route × role table of worker/http/access*.test.ts, written by hand, independent of core/roles.ts:
 * who may call each API route, and a sample request of it. Split by topic (accounts.ts, parking.ts,
 * owners.ts, platform.ts); access.test.ts fails when a route is added without a row in one of them.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../core/roles';
import { app } from '../../app';
import { lots } from '../../db/schema';
import { DEMO_ATTENDANT_LOT } from '../../seed/seed';
import { call, cookieFor, db, seedOnce } from '../helpers';

type Who = 'public' | 'session' | Role[];
type Sample = { method?: string; path: string; json?: unknown; body?: BodyInit; headers?: HeadersInit };
/**
 * `found: false`: the sample names a resource the caller does not own, so an allowed caller gets 404.
 * `refused`: the sample is refused on its merits, so an allowed caller gets past the role check to this status.
 */
type AccessRule = { who: Who; sample: () => Sample | Promise<Sample>; found?: false; refused?: number };
export type AccessTable = Record<string, AccessRule>;

export const OWNERS: Role[] = ['owner_admin', 'super_admin'];
export const GATE: Role[] = ['attendant', 'owner_admin', 'super_admin'];
export const ADMIN: Role[] = ['super_admin'];

/** A credential of the right shape whose client data names no challenge (`{}`). */
export const NO_CHALLENGE = { id: 'AQID', rawId: 'AQID', type: 'public-key', response: { clientDataJSON: 'e30' } };

/** The attendant's lot, which belongs to the demo owner, so every allowed role may work it: read once seeded. */
export const demoLot = { id: '' };

let plates = 0;
/** A plate of its own for each sample that adds one. */
export const nextPlate = (prefix: string) => `${prefix} ${1000 + ++plates}`;

/** Every API route the app serves, as `METHOD /path`. */
export const apiRoutes = () =>
  [...new Set(app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`))].sort();

/** Each route of the table called as nobody and as each role: allowed callers get through, the others 401 or 403. */
export function describeAccess(topic: string, table: AccessTable) {
  beforeAll(async () => {
    await seedOnce();
    [{ id: demoLot.id }] = await db().select({ id: lots.id }).from(lots).where(eq(lots.name, DEMO_ATTENDANT_LOT));
  });

  describe(`route × role access: ${topic}`, () => {
    const cases = Object.entries(table).flatMap(([route, rule]) =>
      (['anonymous', ...ROLES] as const).map((who) => [route, who, rule] as const),
    );

    it.each(cases)('%s as %s', async (_route, who, rule) => {
      const sample = await rule.sample();
      const cookie = who === 'anonymous' ? undefined : await cookieFor(who);
      const res = await call(sample.path, {
        method: sample.method ?? 'GET',
        json: sample.json,
        body: sample.body,
        headers: sample.headers,
        cookie,
        redirect: 'manual',
      });
      const expected =
        rule.who === 'public' ? 'ok' : who === 'anonymous' ? 401 : rule.who === 'session' || rule.who.includes(who) ? 'ok' : 403;
      if (expected === 'ok' && rule.found === false) {
        expect(res.status).toBe(404);
      } else if (expected === 'ok' && rule.refused) {
        expect(res.status).toBe(rule.refused);
      } else if (expected === 'ok') {
        expect(res.status, await res.clone().text()).toBeGreaterThanOrEqual(200);
        expect(res.status).toBeLessThan(400);
      } else {
        expect(res.status).toBe(expected);
        expect(await res.json()).toHaveProperty('message');
      }
    });
  });
}
