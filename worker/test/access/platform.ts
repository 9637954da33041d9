/** Who may call each API route of early registration, health, and the super admin's screens, and a sample request of it (rules.ts). */
import { signupBody } from '../helpers';
import { ADMIN, type AccessTable } from './rules';

/** `POST /api/admin/<things>/:id/<action>` for each action, asked of an item that does not exist: the admin gets past the role check to the 404. */
const adminActions = (things: string, actions: string[], json: object): AccessTable =>
  Object.fromEntries(
    actions.map((action) => [
      `POST /api/admin/${things}/:id/${action}`,
      {
        who: ADMIN,
        sample: () => ({ method: 'POST', path: `/api/admin/${things}/${crypto.randomUUID()}/${action}`, json }),
        found: false,
      },
    ]),
  );

export const PLATFORM_ROUTES: AccessTable = {
  'POST /api/early-registration': {
    who: 'public',
    sample: () => ({ method: 'POST', path: '/api/early-registration', json: { ...signupBody(), password: undefined } }),
  },
  'GET /api/admin/platform-kpis': { who: ADMIN, sample: () => ({ path: '/api/admin/platform-kpis' }) },
  'GET /api/admin/tenants': { who: ADMIN, sample: () => ({ path: '/api/admin/tenants' }) },
  'GET /api/admin/platform-metrics': { who: ADMIN, sample: () => ({ path: '/api/admin/platform-metrics' }) },
  'GET /api/admin/settings': { who: ADMIN, sample: () => ({ path: '/api/admin/settings' }) },
  // The value already in force: the admin's request passes and changes nothing.
  'GET /api/admin/payouts': { who: ADMIN, sample: () => ({ path: '/api/admin/payouts?month=2026-09' }) },
  'POST /api/admin/payouts': {
    who: ADMIN,
    sample: () => ({
      method: 'POST',
      path: '/api/admin/payouts',
      json: { ownerId: crypto.randomUUID(), month: '2026-09', amountCents: 100, paidOn: '2026-10-05', reference: 'BDO-0001' },
    }),
    found: false,
  },
  'PUT /api/admin/settings/second-factor': {
    who: ADMIN,
    sample: () => ({ method: 'PUT', path: '/api/admin/settings/second-factor', json: { required: false } }),
  },
  'PATCH /api/admin/settings': {
    who: ADMIN,
    sample: () => ({ method: 'PATCH', path: '/api/admin/settings', json: { freeCancelMinutes: 15 } }),
  },
  'GET /api/platform/settings': { who: 'session', sample: () => ({ path: '/api/platform/settings' }) },
  'GET /api/admin/users': { who: ADMIN, sample: () => ({ path: '/api/admin/users?q=parkada' }) },
  'POST /api/admin/users/:id/role': {
    who: ADMIN,
    sample: () => ({ method: 'POST', path: `/api/admin/users/${crypto.randomUUID()}/role`, json: { role: 'attendant' } }),
    found: false,
  },
  'POST /api/admin/users/:id/:action': {
    who: ADMIN,
    sample: () => ({ method: 'POST', path: `/api/admin/users/${crypto.randomUUID()}/suspend`, json: {} }),
    found: false,
  },
  'GET /api/health': { who: 'public', sample: () => ({ path: '/api/health' }) },
  'GET /api/openapi.json': { who: 'public', sample: () => ({ path: '/api/openapi.json' }) },
  'GET /api/docs': { who: 'public', sample: () => ({ path: '/api/docs' }) },
  'GET /api/admin/system-health': { who: ADMIN, sample: () => ({ path: '/api/admin/system-health' }) },
  'GET /api/admin/audit-logs': { who: ADMIN, sample: () => ({ path: '/api/admin/audit-logs' }) },
  'GET /api/admin/owner-applications': { who: ADMIN, sample: () => ({ path: '/api/admin/owner-applications' }) },
  'GET /api/admin/lot-submissions': { who: ADMIN, sample: () => ({ path: '/api/admin/lot-submissions?status=all' }) },
  'GET /api/admin/pending-approvals': { who: ADMIN, sample: () => ({ path: '/api/admin/pending-approvals' }) },
  // Decisions on items that do not exist: the admin gets past the role check to the 404.
  'POST /api/admin/owners/:id/:action': {
    who: ADMIN,
    sample: () => ({ method: 'POST', path: `/api/admin/owners/${crypto.randomUUID()}/approve`, json: {} }),
    found: false,
  },
  'POST /api/admin/lots/:id/:action': {
    who: ADMIN,
    sample: () => ({ method: 'POST', path: `/api/admin/lots/${crypto.randomUUID()}/reject`, json: { reason: 'Blurry permit' } }),
    found: false,
  },
  ...adminActions('lots', ['unlist', 'list'], { reason: 'Permit expired' }),
  'GET /api/admin/lot-changes': { who: ADMIN, sample: () => ({ path: '/api/admin/lot-changes?status=all' }) },
  'POST /api/admin/lot-changes/:id/:action': {
    who: ADMIN,
    sample: () => ({ method: 'POST', path: `/api/admin/lot-changes/${crypto.randomUUID()}/approve`, json: {} }),
    found: false,
  },
  'GET /api/admin/reviews/reported': { who: ADMIN, sample: () => ({ path: '/api/admin/reviews/reported' }) },
  ...adminActions('reviews', ['hide', 'keep'], { reason: 'Checked' }),
  // Support (docs/support.md): anyone signed in writes and reads their own; the inbox is the admin's.
  'POST /api/support': {
    who: 'session',
    sample: () => ({ method: 'POST', path: '/api/support', json: { category: 'other', subject: 'A question', text: 'Hello' } }),
  },
  'GET /api/support': { who: 'session', sample: () => ({ path: '/api/support' }) },
  'GET /api/support/:id': { who: 'session', sample: () => ({ path: `/api/support/${crypto.randomUUID()}` }), found: false },
  'PUT /api/support/:id/attachment': {
    who: 'session',
    sample: () => ({
      method: 'PUT',
      path: `/api/support/${crypto.randomUUID()}/attachment`,
      body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
      headers: { 'Content-Type': 'image/jpeg' },
    }),
    found: false,
  },
  'GET /api/support/:id/attachment': {
    who: 'session',
    sample: () => ({ path: `/api/support/${crypto.randomUUID()}/attachment` }),
    found: false,
  },
  'POST /api/support/:id/messages': {
    who: 'session',
    sample: () => ({ method: 'POST', path: `/api/support/${crypto.randomUUID()}/messages`, json: { text: 'Hello' } }),
    found: false,
  },
  'GET /api/admin/support': { who: ADMIN, sample: () => ({ path: '/api/admin/support' }) },
  'GET /api/admin/support/:id': { who: ADMIN, sample: () => ({ path: `/api/admin/support/${crypto.randomUUID()}` }), found: false },
  ...adminActions('support', ['messages'], { text: 'Hello' }),
};
