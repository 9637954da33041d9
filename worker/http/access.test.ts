/**
 * Every API route × every role, so no role reaches what is not theirs. The table below is written by hand,
 * independent of core/roles.ts; the first test fails when a route is added without a row here.
 */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../core/roles';
import { manilaMonthOf } from '../../core/time';
import { app } from '../app';
import { lots } from '../db/schema';
import { createSandboxProvider } from '../payments/sandbox-provider';
import { DEMO_ACCOUNTS, DEMO_ATTENDANT_LOT, DEMO_PASSWORD } from '../seed/seed';
import { call, cookieFor, db, documentForm, pdfBytes, seedOnce, signupBody } from '../test/helpers';
import { CURRENT_VERSIONS } from '../../core/legal';

type Who = 'public' | 'session' | Role[];
type Sample = { method?: string; path: string; json?: unknown; body?: BodyInit; headers?: HeadersInit };
const OWNERS: Role[] = ['owner_admin', 'super_admin'];
const GATE: Role[] = ['attendant', 'owner_admin', 'super_admin'];
const ADMIN: Role[] = ['super_admin'];

/** A credential of the right shape whose client data names no challenge (`{}`). */
const NO_CHALLENGE = { id: 'AQID', rawId: 'AQID', type: 'public-key', response: { clientDataJSON: 'e30' } };

let lotId = '';
let plates = 0;
/**
 * `found: false`: the sample names a resource the caller does not own, so an allowed caller gets 404.
 * `refused`: the sample is refused on its merits, so an allowed caller gets past the role check to this status.
 */
const ROUTES: Record<string, { who: Who; sample: () => Sample | Promise<Sample>; found?: false; refused?: number }> = {
  'POST /api/auth/signup': { who: 'public', sample: () => ({ method: 'POST', path: '/api/auth/signup', json: signupBody() }) },
  'POST /api/auth/login': {
    who: 'public',
    sample: () => ({ method: 'POST', path: '/api/auth/login', json: { email: DEMO_ACCOUNTS[0].email, password: DEMO_PASSWORD } }),
  },
  'GET /api/auth/user': { who: 'session', sample: () => ({ path: '/api/auth/user' }) },
  // Ends only the sessions of the demo account signing out; each case signs in afresh.
  'POST /api/auth/logout-all': { who: 'session', sample: () => ({ method: 'POST', path: '/api/auth/logout-all' }) },
  // A wrong current password: the demo accounts keep theirs.
  'POST /api/auth/password': {
    who: 'session',
    sample: () => ({
      method: 'POST',
      path: '/api/auth/password',
      json: { currentPassword: 'not the password', newPassword: 'a new password' },
    }),
    refused: 400,
  },
  'GET /api/logout': { who: 'public', sample: () => ({ path: '/api/logout' }) },
  // Links that were never sent: refused on their merits, whoever opens them.
  'POST /api/auth/verify-email': {
    who: 'public',
    sample: () => ({ method: 'POST', path: '/api/auth/verify-email', json: { token: 'a'.repeat(43) } }),
    refused: 400,
  },
  // The demo accounts are verified already.
  'POST /api/auth/verify-email/resend': {
    who: 'session',
    sample: () => ({ method: 'POST', path: '/api/auth/verify-email/resend' }),
    refused: 409,
  },
  // A new address each time: each may ask for only a few links an hour.
  'POST /api/auth/password-reset': {
    who: 'public',
    sample: () => ({ method: 'POST', path: '/api/auth/password-reset', json: { email: `nobody-${crypto.randomUUID()}@example.ph` } }),
    refused: 202,
  },
  'POST /api/auth/accept-invitation': {
    who: 'public',
    sample: () => ({
      method: 'POST',
      path: '/api/auth/accept-invitation',
      json: { token: 'a'.repeat(43), password: 'a new password', ...CURRENT_VERSIONS },
    }),
    refused: 400,
  },
  'POST /api/auth/password-reset/confirm': {
    who: 'public',
    sample: () => ({
      method: 'POST',
      path: '/api/auth/password-reset/confirm',
      json: { token: 'a'.repeat(43), password: 'a new password' },
    }),
    refused: 400,
  },
  'POST /api/email/unsubscribe': {
    who: 'public',
    sample: () => ({ method: 'POST', path: '/api/email/unsubscribe?token=not-a-token' }),
    refused: 400,
  },
  'GET /api/account/sms': { who: 'session', sample: () => ({ path: '/api/account/sms' }) },
  // Text messages are off in the tests (no gateway key): asking for a code says so.
  'POST /api/account/phone/verify': {
    who: 'session',
    sample: () => ({ method: 'POST', path: '/api/account/phone/verify' }),
    refused: 409,
  },
  // No code was texted: nothing to confirm.
  'POST /api/account/phone/verify/confirm': {
    who: 'session',
    sample: () => ({ method: 'POST', path: '/api/account/phone/verify/confirm', json: { code: '123456' } }),
    refused: 400,
  },
  'GET /api/account/export': { who: 'session', sample: () => ({ path: '/api/account/export' }) },
  // The second factor. The demo accounts enrol nothing: an app is started (never confirmed), and every
  // other sample is refused on its merits. Cases run in this order, so each account has an app pending
  // by the time its wrong first code is sent.
  'GET /api/account/second-factor': { who: 'session', sample: () => ({ path: '/api/account/second-factor' }) },
  'POST /api/account/second-factor/totp': { who: 'session', sample: () => ({ method: 'POST', path: '/api/account/second-factor/totp' }) },
  'POST /api/account/second-factor/totp/confirm': {
    who: 'session',
    sample: () => ({ method: 'POST', path: '/api/account/second-factor/totp/confirm', json: { code: '000000' } }),
    refused: 400,
  },
  'DELETE /api/account/second-factor/totp': {
    who: 'session',
    sample: () => ({ method: 'DELETE', path: '/api/account/second-factor/totp' }),
    found: false,
  },
  'POST /api/account/second-factor/recovery-codes': {
    who: 'session',
    sample: () => ({ method: 'POST', path: '/api/account/second-factor/recovery-codes' }),
    refused: 409,
  },
  'POST /api/auth/step-up': {
    who: 'session',
    sample: () => ({ method: 'POST', path: '/api/auth/step-up', json: { code: '000000' } }),
    refused: 400,
  },
  'POST /api/account/passkeys/registration-options': {
    who: 'session',
    sample: () => ({ method: 'POST', path: '/api/account/passkeys/registration-options' }),
  },
  'POST /api/account/passkeys': {
    who: 'session',
    sample: () => ({ method: 'POST', path: '/api/account/passkeys', json: { name: 'My phone', response: NO_CHALLENGE } }),
    refused: 400,
  },
  'PATCH /api/account/passkeys/:id': {
    who: 'session',
    sample: () => ({ method: 'PATCH', path: '/api/account/passkeys/not-mine', json: { name: 'My phone' } }),
    found: false,
  },
  'DELETE /api/account/passkeys/:id': {
    who: 'session',
    sample: () => ({ method: 'DELETE', path: '/api/account/passkeys/not-mine' }),
    found: false,
  },
  'POST /api/auth/passkey/options': { who: 'public', sample: () => ({ method: 'POST', path: '/api/auth/passkey/options' }) },
  'POST /api/auth/passkey': {
    who: 'public',
    sample: () => ({ method: 'POST', path: '/api/auth/passkey', json: { response: NO_CHALLENGE } }),
    refused: 400,
  },
  'POST /api/auth/step-up/passkey': {
    who: 'session',
    sample: () => ({ method: 'POST', path: '/api/auth/step-up/passkey', json: { response: NO_CHALLENGE } }),
    refused: 400,
  },
  // A wrong password: the demo accounts stay.
  'DELETE /api/account': {
    who: 'session',
    sample: () => ({ method: 'DELETE', path: '/api/account', json: { password: 'not the password' } }),
    refused: 400,
  },
  // A wrong password: the demo accounts keep their addresses.
  'POST /api/account/email': {
    who: 'session',
    sample: () => ({ method: 'POST', path: '/api/account/email', json: { newEmail: signupBody().email, password: 'not the password' } }),
    refused: 400,
  },
  // A link that was never sent: refused on its merits, whoever opens it.
  'POST /api/account/email/confirm': {
    who: 'public',
    sample: () => ({ method: 'POST', path: '/api/account/email/confirm', json: { token: 'a'.repeat(43) } }),
    refused: 400,
  },
  'POST /api/early-registration': {
    who: 'public',
    sample: () => ({ method: 'POST', path: '/api/early-registration', json: { ...signupBody(), password: undefined } }),
  },
  'GET /api/lots': { who: 'public', sample: () => ({ path: '/api/lots' }) },
  'GET /api/lots/:id': { who: 'public', sample: () => ({ path: `/api/lots/${lotId}` }) },
  'GET /api/lots/:id/availability': { who: 'public', sample: () => ({ path: `/api/lots/${lotId}/availability` }) },
  'GET /api/lots/:id/forecast': { who: 'public', sample: () => ({ path: `/api/lots/${lotId}/forecast?at=2026-11-27T18:00:00%2B08:00` }) },
  // Without an upgrade, past the role check to the 426 (worker/lots/live.test.ts holds sockets open).
  'GET /api/lots/:id/live': { who: 'public', sample: () => ({ path: `/api/lots/${lotId}/live` }), refused: 426 },
  'GET /api/notifications': { who: 'session', sample: () => ({ path: '/api/notifications' }) },
  'GET /api/notifications/counts': { who: 'session', sample: () => ({ path: '/api/notifications/counts' }) },
  'PATCH /api/notifications/mark-all-read': {
    who: 'session',
    sample: () => ({ method: 'PATCH', path: '/api/notifications/mark-all-read' }),
  },
  // Another user's (or no) notification: a signed-in caller passes the role check and gets 404.
  'PATCH /api/notifications/:id/read': {
    who: 'session',
    sample: () => ({ method: 'PATCH', path: `/api/notifications/${crypto.randomUUID()}/read` }),
    found: false,
  },
  'DELETE /api/notifications/:id': {
    who: 'session',
    sample: () => ({ method: 'DELETE', path: `/api/notifications/${crypto.randomUUID()}` }),
    found: false,
  },
  'GET /api/push/vapid-public-key': { who: 'session', sample: () => ({ path: '/api/push/vapid-public-key' }) },
  // An endpoint without its keys: a signed-in caller passes the role check and gets 400.
  'PUT /api/push/subscription': {
    who: 'session',
    sample: () => ({ method: 'PUT', path: '/api/push/subscription', json: { endpoint: 'https://push.example/1' } }),
    refused: 400,
  },
  'DELETE /api/push/subscription': {
    who: 'session',
    sample: () => ({ method: 'DELETE', path: '/api/push/subscription', json: { endpoint: 'https://push.example/none' } }),
    found: false,
  },
  'PATCH /api/user/profile': {
    who: 'session',
    sample: () => ({ method: 'PATCH', path: '/api/user/profile', json: { firstName: 'Test', lastName: 'User', phone: '+63 917-1112222' } }),
  },
  'GET /api/user/vehicles': { who: 'session', sample: () => ({ path: '/api/user/vehicles' }) },
  'POST /api/user/vehicles': {
    who: 'session',
    sample: () => ({
      method: 'POST',
      path: '/api/user/vehicles',
      json: { plate: `ABC ${1000 + ++plates}`, make: 'Toyota', model: 'Vios' },
    }),
  },
  'PATCH /api/user/vehicles/:id': {
    who: 'session',
    sample: () => ({
      method: 'PATCH',
      path: `/api/user/vehicles/${crypto.randomUUID()}`,
      json: { plate: 'ABC 123', make: 'Toyota', model: 'Vios' },
    }),
    found: false,
  },
  'DELETE /api/user/vehicles/:id': {
    who: 'session',
    sample: () => ({ method: 'DELETE', path: `/api/user/vehicles/${crypto.randomUUID()}` }),
    found: false,
  },
  // The demo accounts filed no owner application: a signed-in caller gets past the role check to the 404.
  'GET /api/user/owner-application': { who: 'session', sample: () => ({ path: '/api/user/owner-application' }), found: false },
  'POST /api/user/owner-application/documents': {
    who: 'session',
    sample: () => ({ method: 'POST', path: '/api/user/owner-application/documents', body: documentForm(pdfBytes()) }),
    found: false,
  },
  'GET /api/user/owner-application/documents/:docId': {
    who: 'session',
    sample: () => ({ path: `/api/user/owner-application/documents/${crypto.randomUUID()}` }),
    found: false,
  },
  'DELETE /api/user/owner-application/documents/:docId': {
    who: 'session',
    sample: () => ({ method: 'DELETE', path: `/api/user/owner-application/documents/${crypto.randomUUID()}` }),
    found: false,
  },
  'GET /api/admin/owners/:id/documents/:docId': {
    who: ADMIN,
    sample: () => ({ path: `/api/admin/owners/${crypto.randomUUID()}/documents/${crypto.randomUUID()}` }),
    found: false,
  },
  'GET /api/user/preferences': { who: 'session', sample: () => ({ path: '/api/user/preferences' }) },
  'PATCH /api/user/preferences': {
    who: 'session',
    sample: () => ({ method: 'PATCH', path: '/api/user/preferences', json: { autoExtend: true } }),
  },
  'POST /api/account/consent': {
    who: 'session',
    sample: () => ({ method: 'POST', path: '/api/account/consent', json: CURRENT_VERSIONS }),
  },
  'GET /api/owner/lots': { who: OWNERS, sample: () => ({ path: '/api/owner/lots' }) },
  'GET /api/owner/lots/:id': { who: OWNERS, sample: () => ({ path: `/api/owner/lots/${lotId}` }) },
  'POST /api/owner/lots': {
    who: OWNERS,
    sample: () => ({ method: 'POST', path: '/api/owner/lots', json: { name: 'Access Lot', geoLat: 14.55, geoLng: 121.02, totalSlots: 1 } }),
  },
  'GET /api/owner/lots/:lotId/pass-products': { who: OWNERS, sample: () => ({ path: `/api/owner/lots/${lotId}/pass-products` }) },
  // Another owner's (or no) lot: an owner passes the role check and gets 404, and nothing is added.
  'POST /api/owner/lots/:lotId/pass-products': {
    who: OWNERS,
    sample: () => ({
      method: 'POST',
      path: `/api/owner/lots/${crypto.randomUUID()}/pass-products`,
      json: { name: 'Access pass', priceCents: 300_000, schedule: { daysMask: 127, openMinute: 0, closeMinute: 1440 }, quantity: 1 },
    }),
    found: false,
  },
  'PATCH /api/owner/lots/:lotId/pass-products/:productId': {
    who: OWNERS,
    sample: () => ({ method: 'PATCH', path: `/api/owner/lots/${lotId}/pass-products/${crypto.randomUUID()}`, json: { paused: true } }),
    found: false,
  },
  'GET /api/lots/:lotId/pass-products': { who: 'public', sample: () => ({ path: `/api/lots/${lotId}/pass-products` }) },
  'GET /api/monthly-passes': { who: 'session', sample: () => ({ path: '/api/monthly-passes' }) },
  // No such pass product: a signed-in caller gets past the role check to the 404.
  'POST /api/monthly-passes': {
    who: 'session',
    sample: () => ({
      method: 'POST',
      path: '/api/monthly-passes',
      json: { productId: crypto.randomUUID(), plate: 'NAB 1234' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
    found: false,
  },
  'PATCH /api/monthly-passes/:id': {
    who: 'session',
    sample: () => ({ method: 'PATCH', path: `/api/monthly-passes/${crypto.randomUUID()}`, json: { autoRenew: true } }),
    found: false,
  },
  // An empty edit changes nothing on the demo lot.
  'PATCH /api/owner/lots/:id': { who: OWNERS, sample: () => ({ method: 'PATCH', path: `/api/owner/lots/${lotId}`, json: {} }) },
  'PATCH /api/pricing/:lotId': {
    who: OWNERS,
    sample: () => ({ method: 'PATCH', path: `/api/pricing/${crypto.randomUUID()}`, json: { strategy: 'STATIC', baseRate: 6000 } }),
    found: false,
  },
  'GET /api/owner/lots/:id/attendants': { who: OWNERS, sample: () => ({ path: `/api/owner/lots/${lotId}/attendants` }) },
  'POST /api/owner/lots/:id/attendants': {
    who: OWNERS,
    sample: () => ({
      method: 'POST',
      path: `/api/owner/lots/${lotId}/attendants`,
      json: { email: signupBody().email, firstName: 'Access', lastName: 'Check' },
    }),
  },
  'DELETE /api/owner/lots/:id/attendants/:userId': {
    who: OWNERS,
    sample: () => ({ method: 'DELETE', path: `/api/owner/lots/${lotId}/attendants/${crypto.randomUUID()}` }),
    found: false,
  },
  'GET /api/owner/lots/:id/invitations': { who: OWNERS, sample: () => ({ path: `/api/owner/lots/${lotId}/invitations` }) },
  'DELETE /api/owner/lots/:id/invitations/:invitationId': {
    who: OWNERS,
    sample: () => ({ method: 'DELETE', path: `/api/owner/lots/${lotId}/invitations/${crypto.randomUUID()}` }),
    found: false,
  },
  'GET /api/invitations': { who: 'session', sample: () => ({ path: '/api/invitations' }) },
  'POST /api/invitations/:id/accept': {
    who: 'session',
    sample: () => ({ method: 'POST', path: `/api/invitations/${crypto.randomUUID()}/accept` }),
    found: false,
  },
  'POST /api/invitations/:id/decline': {
    who: 'session',
    sample: () => ({ method: 'POST', path: `/api/invitations/${crypto.randomUUID()}/decline` }),
    found: false,
  },
  'GET /api/owner/pricing/dynamic-suggestions': { who: OWNERS, sample: () => ({ path: '/api/owner/pricing/dynamic-suggestions' }) },
  'GET /api/owner/pricing/insights': {
    who: OWNERS,
    sample: () => ({ path: `/api/owner/pricing/insights?lotId=${crypto.randomUUID()}` }),
    found: false,
  },
  'PUT /api/pricing/:lotId/dynamic': {
    who: OWNERS,
    sample: () => ({ method: 'PUT', path: `/api/pricing/${crypto.randomUUID()}/dynamic`, json: { enabled: true } }),
    found: false,
  },
  'POST /api/pricing/apply-dynamic': {
    who: OWNERS,
    sample: () => ({
      method: 'POST',
      path: '/api/pricing/apply-dynamic',
      json: { lotId: crypto.randomUUID(), band: 'weekday-morning', suggestedPrice: 4500 },
    }),
    found: false,
  },
  'DELETE /api/owner/lots/:id': {
    who: OWNERS,
    sample: () => ({ method: 'DELETE', path: `/api/owner/lots/${crypto.randomUUID()}` }),
    found: false,
  },
  'GET /api/owner/kpis': { who: OWNERS, sample: () => ({ path: '/api/owner/kpis' }) },
  'GET /api/owner/revenue': { who: OWNERS, sample: () => ({ path: '/api/owner/revenue?range=30d' }) },
  'GET /api/owner/lot-performance': { who: OWNERS, sample: () => ({ path: '/api/owner/lot-performance' }) },
  'GET /api/owner/reports': { who: OWNERS, sample: () => ({ path: '/api/owner/reports?from=2026-11-01&to=2026-11-07' }) },
  // Every allowed role manages the demo owner's lot: a merchant is registered, and the lot's merchants listed.
  'GET /api/owner/lots/:lotId/merchants': { who: OWNERS, sample: () => ({ path: `/api/owner/lots/${lotId}/merchants` }) },
  'POST /api/owner/lots/:lotId/merchants': {
    who: OWNERS,
    sample: () => ({ method: 'POST', path: `/api/owner/lots/${lotId}/merchants`, json: { name: 'Access Cafe', perStayCapCents: 5000 } }),
  },
  'POST /api/owner/merchants/:merchantId/codes': {
    who: OWNERS,
    sample: () => ({
      method: 'POST',
      path: `/api/owner/merchants/${crypto.randomUUID()}/codes`,
      json: { count: 1, hours: 1, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    }),
    found: false,
  },
  'POST /api/owner/merchants/:merchantId/link': {
    who: OWNERS,
    sample: () => ({ method: 'POST', path: `/api/owner/merchants/${crypto.randomUUID()}/link`, json: { amountCents: 2000 } }),
    found: false,
  },
  'DELETE /api/owner/merchants/:merchantId/link': {
    who: OWNERS,
    sample: () => ({ method: 'DELETE', path: `/api/owner/merchants/${crypto.randomUUID()}/link` }),
    found: false,
  },
  'GET /api/owner/validations': { who: OWNERS, sample: () => ({ path: '/api/owner/validations?from=2026-09&to=2026-11' }) },
  'POST /api/checkins/:checkinId/validations': {
    who: GATE,
    sample: () => ({ method: 'POST', path: `/api/checkins/${crypto.randomUUID()}/validations`, json: { lotId, code: 'ABCDE-23456' } }),
    found: false,
  },
  // Another driver's (or no) reservation: a signed-in caller gets past the role check to the 404.
  'POST /api/reservations/:id/validations': {
    who: 'session',
    sample: () => ({ method: 'POST', path: `/api/reservations/${crypto.randomUUID()}/validations`, json: { code: 'ABCDE-23456' } }),
    found: false,
  },
  // The merchant link needs no account; a token that opens no merchant is a 404 for anyone.
  'GET /api/merchant-links/:token': { who: 'public', sample: () => ({ path: `/api/merchant-links/${'x'.repeat(43)}` }), found: false },
  'POST /api/merchant-links/:token/validations': {
    who: 'public',
    sample: () => ({ method: 'POST', path: `/api/merchant-links/${'x'.repeat(43)}/validations`, json: { plate: 'ABC 123' } }),
    found: false,
  },
  'GET /api/owner/statements': { who: OWNERS, sample: () => ({ path: '/api/owner/statements?month=2026-09' }) },
  'GET /api/owner/reports/customers': {
    who: OWNERS,
    sample: () => ({ path: '/api/owner/reports/customers?from=2026-11-01&to=2026-11-07' }),
  },
  'GET /api/attendant/lots': { who: GATE, sample: () => ({ path: '/api/attendant/lots' }) },
  'GET /api/attendant/lot-status': { who: GATE, sample: () => ({ path: `/api/attendant/lot-status?lotId=${lotId}` }) },
  'GET /api/attendant/shift': { who: GATE, sample: () => ({ path: `/api/attendant/shift?lotId=${lotId}` }) },
  'POST /api/attendant/shift': {
    who: GATE,
    sample: () => ({ method: 'POST', path: '/api/attendant/shift', json: { lotId, action: 'start' } }),
  },
  'GET /api/attendant/activity': { who: GATE, sample: () => ({ path: `/api/attendant/activity?lotId=${lotId}` }) },
  'POST /api/attendant/issues': {
    who: GATE,
    sample: () => ({ method: 'POST', path: '/api/attendant/issues', json: { lotId, text: 'Barrier arm sticks' } }),
  },
  'POST /api/attendant/issues/:id/resolve': {
    who: GATE,
    sample: () => ({ method: 'POST', path: `/api/attendant/issues/${crypto.randomUUID()}/resolve`, json: { lotId } }),
    found: false,
  },
  'GET /api/checkins/open': { who: GATE, sample: () => ({ path: `/api/checkins/open?lotId=${lotId}&plate=ZZZ%20999` }), found: false },
  // A walk-in with a plate of its own each time: every allowed role checks one in.
  'POST /api/checkins/enter': {
    who: GATE,
    sample: () => ({
      method: 'POST',
      path: '/api/checkins/enter',
      json: { lotId, plate: `WLK ${1000 + ++plates}` },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
  },
  'POST /api/checkins/:checkinId/exit': {
    who: GATE,
    sample: () => ({
      method: 'POST',
      path: `/api/checkins/${crypto.randomUUID()}/exit`,
      json: { lotId, plate: 'ABC 123' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
    found: false,
  },
  'POST /api/checkins/:checkinId/undo': {
    who: GATE,
    sample: () => ({
      method: 'POST',
      path: `/api/checkins/${crypto.randomUUID()}/undo`,
      json: { lotId },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
    found: false,
  },
  'POST /api/owner/checkins/:checkinId/refund': {
    who: OWNERS,
    sample: () => ({
      method: 'POST',
      path: `/api/owner/checkins/${crypto.randomUUID()}/refund`,
      json: { amountCents: 100, reason: 'Barrier fault' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
    found: false,
  },
  'GET /api/passes/revoked': { who: GATE, sample: () => ({ path: `/api/passes/revoked?lotId=${lotId}` }) },
  'GET /api/reservations': { who: 'session', sample: () => ({ path: '/api/reservations' }) },
  'GET /api/reservations/counts': { who: 'session', sample: () => ({ path: '/api/reservations/counts' }) },
  'GET /api/receipts': { who: 'session', sample: () => ({ path: '/api/receipts' }) },
  'GET /api/receipts/counts': { who: 'session', sample: () => ({ path: '/api/receipts/counts' }) },
  'GET /api/receipts/:id': { who: 'session', sample: () => ({ path: `/api/receipts/${crypto.randomUUID()}` }), found: false },
  // For a lot that does not exist: an allowed caller gets past the role check to the 404.
  'POST /api/reservations': {
    who: 'session',
    sample: () => ({
      method: 'POST',
      path: '/api/reservations',
      json: { lotId: crypto.randomUUID(), start: new Date(Date.now() + 3_600_000).toISOString(), durationHours: 1, plate: 'ABC 1234' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
    found: false,
  },
  'GET /api/reservations/:id': { who: 'session', sample: () => ({ path: `/api/reservations/${crypto.randomUUID()}` }), found: false },
  'PATCH /api/reservations/:id': {
    who: 'session',
    sample: () => ({
      method: 'PATCH',
      path: `/api/reservations/${crypto.randomUUID()}`,
      json: { start: new Date(Date.now() + 3_600_000).toISOString(), durationHours: 1 },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
    found: false,
  },
  'POST /api/reservations/:id/extend': {
    who: 'session',
    sample: () => ({
      method: 'POST',
      path: `/api/reservations/${crypto.randomUUID()}/extend`,
      json: { hours: 1 },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
    found: false,
  },
  'POST /api/reservations/:id/cancel': {
    who: 'session',
    sample: () => ({
      method: 'POST',
      path: `/api/reservations/${crypto.randomUUID()}/cancel`,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
    found: false,
  },
  'GET /api/reservations/:id/pass': {
    who: 'session',
    sample: () => ({ path: `/api/reservations/${crypto.randomUUID()}/pass` }),
    found: false,
  },
  'GET /api/passes/jwks': { who: 'public', sample: () => ({ path: '/api/passes/jwks' }) },
  'GET /api/wallet': { who: 'session', sample: () => ({ path: '/api/wallet' }) },
  'GET /api/wallet/transactions': { who: 'session', sample: () => ({ path: '/api/wallet/transactions' }) },
  'POST /api/wallet/topup': {
    who: 'session',
    sample: () => ({
      method: 'POST',
      path: '/api/wallet/topup',
      json: { amountCents: 10_000, method: 'gcash' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
  },
  'POST /api/wallet/topups/:paymentId/refund': {
    who: 'session',
    sample: () => ({
      method: 'POST',
      path: `/api/wallet/topups/${crypto.randomUUID()}/refund`,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
    found: false,
  },
  'GET /api/wallet/statement': { who: 'session', sample: () => ({ path: `/api/wallet/statement?month=${manilaMonthOf(new Date())}` }) },
  'POST /api/wallet/pay-code': {
    who: 'session',
    sample: () => ({ path: '/api/wallet/pay-code', method: 'POST', json: { lotId, limitCents: 10_000 } }),
  },
  'GET /api/wallet/payment-methods': { who: 'session', sample: () => ({ path: '/api/wallet/payment-methods' }) },
  'GET /api/wallet/auto-topup': { who: 'session', sample: () => ({ path: '/api/wallet/auto-topup' }) },
  'PUT /api/wallet/auto-topup': {
    who: 'session',
    sample: () => ({
      method: 'PUT',
      path: '/api/wallet/auto-topup',
      json: { enabled: false, thresholdCents: 20_000, amountCents: 50_000, method: 'gcash' },
    }),
  },
  'GET /api/payments/config': { who: 'session', sample: () => ({ path: '/api/payments/config' }) },
  'GET /api/payments/:id': { who: 'session', sample: () => ({ path: `/api/payments/${crypto.randomUUID()}` }), found: false },
  'POST /api/payments/sandbox/:id/:decision': {
    who: 'session',
    sample: () => ({ method: 'POST', path: `/api/payments/sandbox/${crypto.randomUUID()}/approve` }),
    found: false,
  },
  // Correctly signed, for a payment that does not exist: no caller needs a session to be heard.
  'POST /api/payments/webhook/:provider': {
    who: 'public',
    sample: async () => {
      const event = { type: 'payment.paid' as const, paymentId: crypto.randomUUID(), providerRef: 'sbx_x', amountCents: 100 };
      const { body, headers } = await createSandboxProvider(env.SANDBOX_WEBHOOK_SECRET!).webhookFor(event);
      return { method: 'POST', path: '/api/payments/webhook/sandbox', body, headers };
    },
    found: false,
  },
  // PayMongo is not the provider configured here: anyone is heard, and told so.
  'POST /api/payments/paymongo/webhook': {
    who: 'public',
    sample: () => ({ method: 'POST', path: '/api/payments/paymongo/webhook', json: { data: {} } }),
    found: false,
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
  'GET /api/admin/lot-changes': { who: ADMIN, sample: () => ({ path: '/api/admin/lot-changes?status=all' }) },
  'POST /api/admin/lot-changes/:id/:action': {
    who: ADMIN,
    sample: () => ({ method: 'POST', path: `/api/admin/lot-changes/${crypto.randomUUID()}/approve`, json: {} }),
    found: false,
  },
};

const apiRoutes = () =>
  [...new Set(app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`))].sort();

beforeAll(async () => {
  await seedOnce();
  // The attendant's lot belongs to the demo owner, so every allowed role may work it.
  [{ id: lotId }] = await db().select({ id: lots.id }).from(lots).where(eq(lots.name, DEMO_ATTENDANT_LOT));
});

describe('route × role access', () => {
  it('has an access rule in this table for every API route', () => {
    expect(apiRoutes()).toEqual(Object.keys(ROUTES).sort());
  });

  const cases = Object.entries(ROUTES).flatMap(([route, rule]) =>
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

describe('unknown API paths', () => {
  it('answer a JSON 404, never the app shell', async () => {
    const res = await call('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('application/json');
    expect(await res.json()).toMatchObject({ message: 'No API route for GET /api/nope' });
  });
});
