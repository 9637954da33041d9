/**
 * Every API route fed generated bad input: wrong types, huge strings, negative and fractional money,
 * invalid dates, unknown and malformed ids, SQL and HTML payloads. The rule (docs/foundation.md,
 * Bad input): never a 500, and a refused request (4xx) changes no row.
 *
 * Rows are watched by test-only triggers that count every INSERT, UPDATE and DELETE on every table,
 * so a write anywhere in a refused request is caught, whatever the route touches.
 */
import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAccess, type Role } from '../../core/roles';
import { app } from '../app';
import { call, cookieFor, seedOnce } from '../test/helpers';

/**
 * Tables written while a refused request runs, and why:
 * - search's read model is written by the lot objects themselves, on their alarms' schedule
 *   (docs/search.md), never by a request: the worker files share a runtime, where an earlier file's
 *   lot objects still wake and publish;
 * - e-mail and SMS deliveries, and the links and codes they carry, are written by the Queues'
 *   consumers when they send (docs/notifications.md): an earlier request's message (a sign-up's
 *   verification, a reset) is delivered a second or so later, while another request runs;
 * - background failures are recorded by those consumers and by work after a commit, never by a refusal:
 *   a failed delivery of an earlier file's message is retried, with growing delays, while this file runs.
 * And one kind of row of a watched table: a hold claimed as lapsed, which only a lot object's alarm
 * writes (an earlier file's hold lapsing now; a full run caught one); a request's claim, 'committed',
 * is still watched (ALARM_ONLY below).
 */
const WRITTEN_WHEN_REFUSED = new Set<string>([
  'lot_hours_booked',
  'lot_walk_ins',
  'email_deliveries',
  'sms_deliveries',
  'verifications',
  'background_failures',
]);
/** Rows of a watched table that only the lot objects' alarms write: the trigger's condition leaves them out. */
const ALARM_ONLY: Record<string, string> = { hold_claims: "NEW.outcome = 'lapsed'" };

const routes = [
  ...new Map(app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => [`${r.method} ${r.path}`, r])).values(),
];

const SQL = ["' OR 1=1 --", '"; DROP TABLE users; --', "1' UNION SELECT password_hash FROM users --"];
const HTML = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg/onload=alert(1)>'];
const huge = (n: number) => 'x'.repeat(n);

const badScalar = fc.oneof(
  fc.constantFrom(-1, -100_000, 0.5, 12.345, 1e308, -0, Number.MAX_SAFE_INTEGER + 2, 0),
  fc.constantFrom('', ' ', huge(10_000), '2026-13-45', '2026-02-30T25:61:00Z', 'not-a-date', '1e9', 'NaN', '-5', '₱100', ...SQL, ...HTML),
  fc.constantFrom(null, true, false, [], {}, [1, 2], { nested: { deep: [null] } }),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

/** Field names the API uses, so bad values reach the validators and services rather than only the first missing-field check. */
const FIELDS = [
  'amountCents',
  'baseRate',
  'hours',
  'startTime',
  'endTime',
  'start',
  'end',
  'from',
  'to',
  'date',
  'lotId',
  'vehicleId',
  'slotId',
  'plate',
  'name',
  'email',
  'password',
  'currentPassword',
  'newPassword',
  'firstName',
  'lastName',
  'phone',
  'mobile',
  'role',
  'reason',
  'status',
  'notes',
  'geoLat',
  'geoLng',
  'lat',
  'lng',
  'radius',
  'totalSlots',
  'accessibleSlots',
  'evChargingSlots',
  'levels',
  'hoursJson',
  'rulesJson',
  'amenitiesJson',
  'progressiveJson',
  'strategy',
  'method',
  'token',
  'pass',
  'cursor',
  'limit',
  'q',
  'query',
  'thresholdCents',
  'enabled',
  'isActive',
  'kind',
  'description',
  'type',
  'make',
  'model',
  'color',
  'action',
  'actor',
  'paymentId',
];

const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), badScalar, { maxKeys: 8 }),
  fc.anything({ maxDepth: 2 }),
  fc.constantFrom('{not json', huge(70_000), '[]', 'null', '"a string"'),
);
const query = fc.dictionary(
  fc.constantFrom(...FIELDS),
  fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...SQL, ...HTML, '-1', '1.5', '2026-99-99', huge(3_000))),
  { maxKeys: 4 },
);
/** Ids of real records (the demo owner's lots, the demo driver's bookings and cars), so bad bodies also reach found resources. */
let knownIds: string[] = [];
const pathParam = () =>
  fc.oneof(
    fc.constantFrom(...knownIds),
    fc.uuid(),
    fc.constantFrom(...SQL, ...HTML, '-1', '0.5', '..%2F..%2Fetc', huge(2_000), '%00', 'null', 'undefined'),
    fc.string({ minLength: 1, maxLength: 20 }),
  );

/** The role that passes the route's access rule (owners before admins, so ownership checks run). */
function callerFor(method: string, path: string): Role | undefined {
  const access = apiAccess(method, path);
  if (access === 'public') return undefined;
  if (access === 'session') return 'parking_user';
  return (['parking_user', 'attendant', 'owner_admin', 'super_admin'] as const).find((role) => access.includes(role));
}

/** How many writes the watcher has seen so far: each is a row naming its table, so a failure says where. */
const writes = async () => (await env.DB.prepare('SELECT count(*) AS n FROM fuzz_writes').first<{ n: number }>())!.n;
const tablesWrittenSince = async (seen: number) =>
  (await env.DB.prepare('SELECT tbl FROM fuzz_writes LIMIT -1 OFFSET ?').bind(seen).all<{ tbl: string }>()).results.map((row) => row.tbl);

beforeAll(async () => {
  await seedOnce();
  const known = await env.DB.prepare(
    `SELECT id FROM (SELECT l.id FROM lots l JOIN users u ON u.id = l.owner_id WHERE u.email = 'owner@parkada.ph' LIMIT 3)
     UNION ALL SELECT id FROM (SELECT id FROM reservations LIMIT 3) UNION ALL SELECT id FROM (SELECT id FROM vehicles LIMIT 2)`,
  ).all<{ id: string }>();
  knownIds = known.results.map((row) => row.id);
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
  ).all<{ name: string }>();
  await env.DB.prepare('CREATE TABLE fuzz_writes (tbl TEXT NOT NULL)').run();
  const triggers = results
    .filter(({ name }) => !WRITTEN_WHEN_REFUSED.has(name))
    .flatMap(({ name }) =>
      ['INSERT', 'UPDATE', 'DELETE'].map((op) =>
        env.DB.prepare(
          `CREATE TRIGGER fuzz_${name}_${op.toLowerCase()} AFTER ${op} ON "${name}" ${op === 'INSERT' && ALARM_ONLY[name] ? `WHEN NOT (${ALARM_ONLY[name]}) ` : ''}BEGIN INSERT INTO fuzz_writes VALUES ('${name} ${op}'); END`,
        ),
      ),
    );
  await env.DB.batch(triggers);
});

describe('every API route under generated bad input', () => {
  it('covers the routes, and the watcher sees a write', async () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(knownIds.length).toBeGreaterThanOrEqual(3);
    const before = await writes();
    const res = await call('/api/user/vehicles', {
      method: 'POST',
      cookie: await cookieFor('parking_user'),
      json: { plate: 'FZZ 1234', make: 'Toyota', model: 'Vios' },
    });
    expect(res.status).toBe(201);
    expect(await writes()).toBeGreaterThan(before);
  });

  for (const route of routes) {
    it(`${route.method} ${route.path}: never a 500, and a refusal changes nothing`, async () => {
      const cookies = new Map<Role, string>();
      const statuses = new Set<number>();
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathParam(), { minLength: 4, maxLength: 4 }),
          query,
          body,
          fc.boolean(),
          async (params, search, json, keyed) => {
            let i = 0;
            const path = route.path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(params[i++]));
            const qs = new URLSearchParams(Object.entries(search)).toString();
            const role = callerFor(route.method, path);
            if (role && !cookies.has(role)) cookies.set(role, await cookieFor(role));
            const sendsBody = route.method !== 'GET' && route.method !== 'HEAD';
            const before = await writes();
            const headers = new Headers(keyed ? { 'Idempotency-Key': crypto.randomUUID() } : {});
            if (sendsBody && typeof json === 'string') headers.set('Content-Type', 'application/json');
            const res = await call(`${path}${qs ? `?${qs}` : ''}`, {
              method: route.method,
              cookie: role ? cookies.get(role) : undefined,
              headers,
              ...(sendsBody ? (typeof json === 'string' ? { body: json } : { json }) : {}),
            });
            const text = await res.text();
            statuses.add(res.status);
            expect(res.status, `${route.method} ${path} → ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
            if (res.status >= 400) {
              expect(JSON.parse(text), `${route.method} ${path}: a refusal explains itself`).toHaveProperty('message');
              const written = await tablesWrittenSince(before);
              expect(written, `${route.method} ${path} → ${res.status} changed rows: ${text.slice(0, 200)}`).toEqual([]);
            }
          },
        ),
        { numRuns: 12 },
      );
      // The caller passed the access rule: the generated input reached the route's own checks.
      expect(
        [...statuses].some((status) => status !== 401 && status !== 403),
        `${[...statuses]}`,
      ).toBe(true);
    });
  }
});
