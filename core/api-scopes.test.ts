import { describe, expect, it } from 'vitest';
import { scopeNeeded, scopesBeyondRole, scopesForRole } from './api-scopes';

describe('the scope a request with an API key needs', () => {
  it.each([
    ['GET', '/api/lots', 'lots:read'],
    ['GET', '/api/lots/abc/quote', 'lots:read'],
    ['HEAD', '/api/owner/lots/abc', 'lots:read'],
    ['GET', '/api/reservations/abc/pass', 'reservations:read'],
    ['POST', '/api/reservations', 'reservations:write'],
    ['POST', '/api/reservations/abc/cancel', 'reservations:write'],
    ['PATCH', '/api/reservations/abc', 'reservations:write'],
    ['POST', '/api/checkins/enter', 'gate:write'],
    ['POST', '/api/checkins/abc/exit', 'gate:write'],
    ['POST', '/api/checkins/abc/validations', 'validations:write'],
    ['GET', '/api/owner/reports/customers', 'reports:read'],
  ])('%s %s needs %s', (method, path, scope) => expect(scopeNeeded(method, path)).toBe(scope));

  it.each([
    ['GET', '/api/wallet'],
    ['POST', '/api/account/api-keys'],
    ['POST', '/api/checkins/abc/undo'],
    ['DELETE', '/api/reservations/abc/share'],
    ['POST', '/api/lots/abc/issues'],
    ['GET', '/api/lots/abc/extra/deep'],
  ])('no scope reaches %s %s', (method, path) => expect(scopeNeeded(method, path)).toBeNull());
});

describe('which roles may hold a scope', () => {
  it('gives a driver no gate, validation or report scope', () => {
    expect(scopesForRole('parking_user')).toEqual(['lots:read', 'reservations:read', 'reservations:write']);
    expect(scopesBeyondRole(['lots:read', 'gate:write', 'reports:read'], 'parking_user')).toBe(
      'An account of role Driver cannot give a key the scope gate:write, reports:read.',
    );
  });

  it('gives an attendant the gate and validations, an owner every scope', () => {
    expect(scopesForRole('attendant')).not.toContain('reports:read');
    expect(scopesForRole('attendant')).toContain('gate:write');
    expect(scopesBeyondRole(['gate:write', 'validations:write', 'reports:read'], 'owner_admin')).toBeNull();
  });
});
