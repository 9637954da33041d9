/**
 * API keys' scopes (docs/api.md, Authentication and API keys): what each lets a key reach of the API,
 * and which roles may hold it. A key reaches nothing outside its scopes, and never more than its
 * account's role reaches (core/roles.ts still decides every request).
 */
import { ATTENDANT_AREA, OWNER_AREA, ROLES, ROLE_LABELS, type Role } from './roles';

export const API_SCOPES = [
  'lots:read',
  'reservations:read',
  'reservations:write',
  'gate:write',
  'validations:write',
  'reports:read',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** Live keys an account may hold at once: the table stays bounded by the accounts (docs/architecture.md, Scale). */
export const MAX_API_KEYS = 10;
export const API_KEY_NAME_MAX = 60;
/** Every key begins so: a key found in a log or a repository is recognised as Parkada's. */
export const API_KEY_PREFIX = 'pk_live_';
/** How much of a key the list shows, prefix included: enough to tell keys apart, far too little to guess the rest. */
export const API_KEY_VISIBLE_CHARS = API_KEY_PREFIX.length + 4;
/** A key's last use is written at most this often: a key used every second costs one write a minute, not one a request. */
export const LAST_USE_EVERY_MS = 60_000;
/** Writes one key may make in a minute before it is answered 429. */
export const API_KEY_WRITES_PER_MINUTE = 60;

/** A method and the /api paths it may reach. */
type Reach = readonly [method: 'GET' | 'POST' | 'PATCH', path: RegExp];

type ScopeRule = { label: string; roles: readonly Role[]; reaches: readonly Reach[] };

const ID = '[^/]+';

const API_SCOPE_RULES: Record<ApiScope, ScopeRule> = {
  'lots:read': {
    label: 'Read lots: search, availability, quotes, and your own lots',
    roles: ROLES,
    reaches: [
      ['GET', new RegExp(`^/api/lots(/${ID}(/availability|/quote|/forecast|/live|/pass-products|/reviews)?)?$`)],
      ['GET', new RegExp(`^/api/owner/lots(/${ID})?$`)],
      ['GET', /^\/api\/attendant\/(lots|lot-status)$/],
    ],
  },
  'reservations:read': {
    label: 'Read your reservations and their passes',
    roles: ROLES,
    reaches: [['GET', new RegExp(`^/api/reservations(/counts|/${ID}(/pass)?)?$`)]],
  },
  'reservations:write': {
    label: 'Book, change, extend and cancel reservations',
    roles: ROLES,
    reaches: [
      ['POST', /^\/api\/reservations$/],
      ['POST', new RegExp(`^/api/reservations/${ID}/(cancel|extend)$`)],
      ['PATCH', new RegExp(`^/api/reservations/${ID}$`)],
    ],
  },
  'gate:write': {
    label: 'Post entries and exits at the gate (a camera or a barrier)',
    roles: ATTENDANT_AREA,
    // A camera finds the open stay of a plate before it posts its exit.
    reaches: [
      ['POST', /^\/api\/checkins\/enter$/],
      ['POST', new RegExp(`^/api/checkins/${ID}/exit$`)],
      ['GET', /^\/api\/checkins\/(plate|open)$/],
    ],
  },
  'validations:write': {
    label: "Validate parking at a merchant's point of sale, and issue merchants' codes",
    roles: ATTENDANT_AREA,
    reaches: [
      ['POST', new RegExp(`^/api/checkins/${ID}/validations$`)],
      ['POST', new RegExp(`^/api/owner/merchants/${ID}/codes$`)],
    ],
  },
  'reports:read': {
    label: "Read your lots' figures, reports and statements",
    roles: OWNER_AREA,
    reaches: [
      ['GET', /^\/api\/owner\/(kpis|lot-performance|revenue|statements|validations|reports(\/customers|\/plate-reads|\/price-changes)?)$/],
    ],
  },
};

export const mayHoldScope = (scope: ApiScope, role: Role) => API_SCOPE_RULES[scope].roles.includes(role);

/** The scopes this role may give a key: Settings offers these. */
export const scopesForRole = (role: Role) => API_SCOPES.filter((scope) => mayHoldScope(scope, role));

export const scopeLabel = (scope: ApiScope) => API_SCOPE_RULES[scope].label;

/** Why a role may not give a key these scopes, or null when it may. */
export function scopesBeyondRole(scopes: readonly ApiScope[], role: Role): string | null {
  const beyond = scopes.filter((scope) => !mayHoldScope(scope, role));
  if (beyond.length === 0) return null;
  return `An account of role ${ROLE_LABELS[role]} cannot give a key the scope ${beyond.join(', ')}.`;
}

/** The scope a request needs when made with a key; null when no scope reaches it (keys never do). */
export function scopeNeeded(method: string, path: string): ApiScope | null {
  const asked = method === 'HEAD' ? 'GET' : method;
  return API_SCOPES.find((scope) => API_SCOPE_RULES[scope].reaches.some(([m, pattern]) => m === asked && pattern.test(path))) ?? null;
}
