import { describe, expect, it } from 'vitest';
import { apiAccess, homePathFor, roleAllowed } from './roles';

describe('API access table (spec 6)', () => {
  it.each([
    ['GET', '/api/auth/user', 'session'],
    ['POST', '/api/auth/login', 'public'],
    ['POST', '/api/auth/logout-all', 'session'],
    ['GET', '/api/logout', 'public'],
    ['POST', '/api/early-registration', 'public'],
    ['GET', '/api/lots', 'public'],
    ['GET', '/api/lots/abc/availability', 'public'],
    ['POST', '/api/lots', 'session'],
    ['GET', '/api/wallet', 'session'],
    ['GET', '/api/passes/jwks', 'public'],
    ['GET', '/api/health', 'public'],
    ['GET', '/api/owner/kpis', ['owner_admin', 'super_admin']],
    ['PATCH', '/api/pricing/x', ['owner_admin', 'super_admin']],
    ['POST', '/api/checkins/enter', ['attendant', 'owner_admin', 'super_admin']],
    ['GET', '/api/admin/audit-logs', ['super_admin']],
    ['GET', '/api/ownerx', 'session'],
  ])('%s %s → %j', (method, path, access) => expect(apiAccess(method, path)).toEqual(access));

  it('lets only listed roles through', () => {
    expect(roleAllowed(['super_admin'], 'owner_admin')).toBe(false);
    expect(roleAllowed('session', undefined)).toBe(false);
    expect(roleAllowed('public', undefined)).toBe(true);
  });

  it('sends each role to its home', () => {
    expect(['parking_user', 'owner_admin', 'attendant', 'super_admin'].map((r) => homePathFor(r as never))).toEqual([
      '/',
      '/owner',
      '/attendant',
      '/admin',
    ]);
  });
});
