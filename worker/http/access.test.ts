/**
 * Every API route × every role, so no role reaches what is not theirs: the cases run by topic in
 * access-*.test.ts, from the hand-written table of worker/test/access/; here, that the table has every route.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNTS_ROUTES } from '../test/access/accounts';
import { OWNERS_ROUTES } from '../test/access/owners';
import { PARKING_ROUTES } from '../test/access/parking';
import { PLATFORM_ROUTES } from '../test/access/platform';
import { apiRoutes } from '../test/access/rules';
import { call } from '../test/helpers';

describe('route × role access', () => {
  it('has an access rule in this table for every API route', () => {
    const tables = [ACCOUNTS_ROUTES, PARKING_ROUTES, OWNERS_ROUTES, PLATFORM_ROUTES];
    const rows = tables.flatMap((table) => Object.keys(table));
    expect(rows).toHaveLength(new Set(rows).size);
    expect(apiRoutes()).toEqual(rows.sort());
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404, never the app shell', async () => {
    const res = await call('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('application/json');
    expect(await res.json()).toMatchObject({ message: 'No API route for GET /api/nope' });
  });
});
