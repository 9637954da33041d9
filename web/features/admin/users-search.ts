import { ROLES, type Role } from '../../../core/roles';
import type { UserFilters } from '../../lib/admin';

/** The users screen's search and role filter live in the URL, so a filtered list is a link. */
export const usersSearch = (raw: Record<string, unknown>): UserFilters => ({
  q: typeof raw.q === 'string' && raw.q.trim() ? raw.q.trim() : undefined,
  role: ROLES.includes(raw.role as Role) ? (raw.role as Role) : undefined,
});
