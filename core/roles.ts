/**
 * Roles and who may reach what. The worker enforces this table on every API call;
 * the web router uses the same table to decide which screens exist for the signed-in user.
 */
export const ROLES = ['parking_user', 'owner_admin', 'attendant', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a visitor may pick when signing up: a driver, or an owner who would list parking. */
export const SIGNUP_ROLES = ['parking_user', 'space_owner', 'business_owner', 'property_manager'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];
/** The sign-up roles that file an owner application for the super admin to decide. */
export const OWNER_SIGNUP_ROLES = ['space_owner', 'business_owner', 'property_manager'] as const satisfies readonly SignupRole[];

export const SIGNUP_ROLE_LABELS: Record<SignupRole, string> = {
  parking_user: 'Parking User (Driver)',
  space_owner: 'Space Owner',
  business_owner: 'Business Owner',
  property_manager: 'Property Manager',
};

export const ROLE_LABELS: Record<Role, string> = {
  parking_user: 'Driver',
  owner_admin: 'Owner Admin',
  attendant: 'Attendant',
  super_admin: 'Super Admin',
};

export const OWNER_AREA: readonly Role[] = ['owner_admin', 'super_admin'];
export const ATTENDANT_AREA: readonly Role[] = ['attendant', 'owner_admin', 'super_admin'];
export const ADMIN_AREA: readonly Role[] = ['super_admin'];

/** `public`: no session needed; `session`: any signed-in role; a list: only those roles. */
export type Access = 'public' | 'session' | readonly Role[];

/** The first matching prefix decides. */
const API_RULES: ReadonlyArray<readonly [prefix: string, access: Access]> = [
  // Under /api/auth/ only the current user, signing out of all devices, changing the password and
  // resending the verification link and a step-up need a session; a reset link and a verification link work in any browser.
  ['/api/auth/user', 'session'],
  ['/api/auth/logout-all', 'session'],
  ['/api/auth/password-reset', 'public'],
  ['/api/auth/password', 'session'],
  ['/api/auth/verify-email/resend', 'session'],
  ['/api/auth/step-up', 'session'],
  ['/api/auth/', 'public'],
  ['/api/early-registration', 'public'],
  // The link sent to a new address confirms a change of e-mail in any browser: its token names the account.
  ['/api/account/email/confirm', 'public'],
  // Uptime checkers: a status word, no details.
  ['/api/health', 'public'],
  // The API's description and its reference page (docs/api.md).
  ['/api/openapi.json', 'public'],
  ['/api/docs', 'public'],
  ['/api/logout', 'public'],
  // A gateway's webhook has no session; its signature authenticates it.
  ['/api/payments/webhook/', 'public'],
  ['/api/payments/paymongo/webhook', 'public'],
  // The public half of the pass signing keys, for gates.
  ['/api/passes/jwks', 'public'],
  ['/api/passes/revoked', ATTENDANT_AREA],
  // A merchant's cashier has no account: the unguessable token in the merchant link authorises it (docs/passes.md).
  ['/api/merchant-links/', 'public'],
  // A companion opens a shared pass without an account: the signed link authorises it, revocable by the booker (docs/passes.md).
  ['/api/shared-passes/', 'public'],
  // One-click unsubscribe (RFC 8058): the mail provider posts it with no session; the signed token authorises it.
  ['/api/email/unsubscribe', 'public'],
  ['/api/owner/', OWNER_AREA],
  // Webhooks carry an owner's lots' events (docs/api.md, Webhooks).
  ['/api/account/webhooks', OWNER_AREA],
  ['/api/pricing/', OWNER_AREA],
  ['/api/attendant/', ATTENDANT_AREA],
  ['/api/checkins/', ATTENDANT_AREA],
  ['/api/admin/', ADMIN_AREA],
  // Anyone signed in writes to support; only the author and the super admins read a request (docs/support.md).
  ['/api/support', 'session'],
];

/**
 * All that a suspended person's session reaches (docs/support.md): their support requests, who they
 * are, and signing out. Everything else answers 403 with the support channel.
 */
const SUSPENDED_MAY_REACH = /^\/api\/(support(\/.*)?|auth\/user|logout)$/;

export const suspendedMayReach = (path: string) => SUSPENDED_MAY_REACH.test(path);

/** Public lot search (list, detail, availability, a stay's quote, forecast, live figures, the monthly passes on sale, reviews) is readable without a session. */
const PUBLIC_LOT_READ = /^\/api\/lots(\/[^/]+(\/availability|\/quote|\/forecast|\/live|\/pass-products|\/reviews)?)?$/;

/** Access rule for an API request; everything not listed needs a session, so no route is public by accident. */
export function apiAccess(method: string, path: string): Access {
  if (method === 'GET' && PUBLIC_LOT_READ.test(path)) return 'public';
  for (const [prefix, access] of API_RULES) {
    if (path === prefix.replace(/\/$/, '') || path.startsWith(prefix)) return access;
  }
  return 'session';
}

export function roleAllowed(access: Access, role: Role | undefined): boolean {
  if (access === 'public') return true;
  if (!role) return false;
  return access === 'session' || access.includes(role);
}

/** Home screen of each role after signing in. */
export function homePathFor(role: Role): string {
  switch (role) {
    case 'super_admin':
      return '/admin';
    case 'owner_admin':
      return '/owner';
    case 'attendant':
      return '/attendant';
    default:
      return '/';
  }
}
