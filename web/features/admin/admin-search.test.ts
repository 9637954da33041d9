import { describe, expect, it } from 'vitest';
import { auditSearch } from './audit-search';
import { usersSearch } from './users-search';

describe('admin list filters in the URL', () => {
  it('keeps the audit filters the server accepts and drops the rest', () => {
    expect(auditSearch({ actor: '  maria ', action: 'ROLE_CHANGE', from: '2031-03-09', to: '2031-03-10' })).toEqual({
      actor: 'maria',
      action: 'ROLE_CHANGE',
      from: '2031-03-09',
      to: '2031-03-10',
    });
    expect(auditSearch({ actor: ' ', action: 'DROP_TABLE', from: '09/03/2031', to: '2031-02-30x' })).toEqual({
      actor: undefined,
      action: undefined,
      from: undefined,
      to: undefined,
    });
    expect(auditSearch({})).toEqual({ actor: undefined, action: undefined, from: undefined, to: undefined });
  });

  it('keeps a user search and a known role', () => {
    expect(usersSearch({ q: ' Santos ', role: 'attendant' })).toEqual({ q: 'Santos', role: 'attendant' });
    expect(usersSearch({ q: 42, role: 'root' })).toEqual({ q: undefined, role: undefined });
  });
});
