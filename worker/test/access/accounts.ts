/** Who may call each API route of signing in, the account and its second factor, e-mail, notifications and push, and the person's own records, and a sample request of it (rules.ts). */
import { CURRENT_VERSIONS } from '../../../core/legal';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/seed';
import { documentForm, pdfBytes, signupBody } from '../helpers';
import { ADMIN, nextPlate, NO_CHALLENGE, type AccessTable } from './rules';

export const ACCOUNTS_ROUTES: AccessTable = {
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
  // The second factor. The demo accounts enrol nothing: an app is started with the password (never confirmed), and every
  // other sample is refused on its merits. Cases run in this order, so each account has an app pending
  // by the time its wrong first code is sent.
  'GET /api/account/second-factor': { who: 'session', sample: () => ({ path: '/api/account/second-factor' }) },
  'POST /api/account/second-factor/totp': {
    who: 'session',
    sample: () => ({ method: 'POST', path: '/api/account/second-factor/totp', json: { password: DEMO_PASSWORD } }),
  },
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
    sample: () => ({ method: 'POST', path: '/api/account/passkeys/registration-options', json: { password: DEMO_PASSWORD } }),
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
  'GET /api/account/api-keys': { who: 'session', sample: () => ({ path: '/api/account/api-keys' }) },
  // A key without a name: refused on its merits, whatever the role.
  'POST /api/account/api-keys': {
    who: 'session',
    sample: () => ({ method: 'POST', path: '/api/account/api-keys', json: { name: '', scopes: ['lots:read'] } }),
    refused: 400,
  },
  'DELETE /api/account/api-keys/:id': {
    who: 'session',
    sample: () => ({ method: 'DELETE', path: `/api/account/api-keys/${crypto.randomUUID()}` }),
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
      json: { plate: nextPlate('ABC'), make: 'Toyota', model: 'Vios' },
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
  'PATCH /api/user/owner-application': {
    who: 'session',
    sample: () => ({ method: 'PATCH', path: '/api/user/owner-application', json: {} }),
    refused: 400,
  },
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
};
