/** Who may call each API route of an owner's lots, prices, attendants, merchants, statements and reports, and a sample request of it (rules.ts). */
import { signupBody } from '../helpers';
import { demoLot, GATE, OWNERS, type AccessTable } from './rules';

export const OWNERS_ROUTES: AccessTable = {
  'GET /api/owner/lots': { who: OWNERS, sample: () => ({ path: '/api/owner/lots' }) },
  'GET /api/owner/lots/:id': { who: OWNERS, sample: () => ({ path: `/api/owner/lots/${demoLot.id}` }) },
  'POST /api/owner/lots': {
    who: OWNERS,
    sample: () => ({ method: 'POST', path: '/api/owner/lots', json: { name: 'Access Lot', geoLat: 14.55, geoLng: 121.02, totalSlots: 1 } }),
  },
  'GET /api/owner/lots/:lotId/pass-products': { who: OWNERS, sample: () => ({ path: `/api/owner/lots/${demoLot.id}/pass-products` }) },
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
    sample: () => ({ method: 'PATCH', path: `/api/owner/lots/${demoLot.id}/pass-products/${crypto.randomUUID()}`, json: { paused: true } }),
    found: false,
  },
  // An empty edit changes nothing on the demo lot.
  'PATCH /api/owner/lots/:id': { who: OWNERS, sample: () => ({ method: 'PATCH', path: `/api/owner/lots/${demoLot.id}`, json: {} }) },
  // The demo lot is approved, so an allowed caller is refused on the merits: only a rejected lot is resubmitted.
  'POST /api/owner/lots/:id/resubmit': {
    who: OWNERS,
    sample: () => ({ method: 'POST', path: `/api/owner/lots/${demoLot.id}/resubmit`, json: {} }),
    refused: 409,
  },
  'PATCH /api/pricing/:lotId': {
    who: OWNERS,
    sample: () => ({ method: 'PATCH', path: `/api/pricing/${crypto.randomUUID()}`, json: { strategy: 'STATIC', baseRate: 6000 } }),
    found: false,
  },
  'GET /api/owner/lots/:lotId/tags': { who: OWNERS, sample: () => ({ path: `/api/owner/lots/${demoLot.id}/tags` }) },
  'POST /api/owner/lots/:lotId/tags': {
    who: OWNERS,
    sample: () => ({ method: 'POST', path: `/api/owner/lots/${demoLot.id}/tags`, json: { kind: 'exit' } }),
  },
  'DELETE /api/owner/lots/:lotId/tags/:id': {
    who: OWNERS,
    sample: () => ({ method: 'DELETE', path: `/api/owner/lots/${demoLot.id}/tags/${crypto.randomUUID()}` }),
    found: false,
  },
  // The demo lot posts a mall's rate card: its owner (and the admin) may waive its fees.
  'POST /api/owner/lots/:id/waivers': {
    who: OWNERS,
    sample: () => ({
      method: 'POST',
      path: `/api/owner/lots/${demoLot.id}/waivers`,
      json: { from: '2026-11-27T00:00:00+08:00', to: '2026-11-28T00:00:00+08:00', kind: 'overnight', reason: 'Typhoon' },
    }),
  },
  'DELETE /api/owner/lots/:id/waivers/:waiverId': {
    who: OWNERS,
    sample: () => ({ method: 'DELETE', path: `/api/owner/lots/${demoLot.id}/waivers/${crypto.randomUUID()}` }),
    found: false,
  },
  'GET /api/owner/lots/:id/attendants': { who: OWNERS, sample: () => ({ path: `/api/owner/lots/${demoLot.id}/attendants` }) },
  'POST /api/owner/lots/:id/attendants': {
    who: OWNERS,
    sample: () => ({
      method: 'POST',
      path: `/api/owner/lots/${demoLot.id}/attendants`,
      json: { email: signupBody().email, firstName: 'Access', lastName: 'Check' },
    }),
  },
  'DELETE /api/owner/lots/:id/attendants/:userId': {
    who: OWNERS,
    sample: () => ({ method: 'DELETE', path: `/api/owner/lots/${demoLot.id}/attendants/${crypto.randomUUID()}` }),
    found: false,
  },
  'GET /api/owner/lots/:id/invitations': { who: OWNERS, sample: () => ({ path: `/api/owner/lots/${demoLot.id}/invitations` }) },
  'DELETE /api/owner/lots/:id/invitations/:invitationId': {
    who: OWNERS,
    sample: () => ({ method: 'DELETE', path: `/api/owner/lots/${demoLot.id}/invitations/${crypto.randomUUID()}` }),
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
  'GET /api/owner/reports/price-changes': { who: OWNERS, sample: () => ({ path: `/api/owner/reports/price-changes?lotId=${demoLot.id}` }) },
  'GET /api/owner/revenue': { who: OWNERS, sample: () => ({ path: '/api/owner/revenue?range=30d' }) },
  'GET /api/owner/lot-performance': { who: OWNERS, sample: () => ({ path: '/api/owner/lot-performance' }) },
  'GET /api/owner/reports': { who: OWNERS, sample: () => ({ path: '/api/owner/reports?from=2026-11-01&to=2026-11-07' }) },
  // Every allowed role manages the demo owner's lot: a merchant is registered, and the lot's merchants listed.
  'GET /api/owner/lots/:lotId/merchants': { who: OWNERS, sample: () => ({ path: `/api/owner/lots/${demoLot.id}/merchants` }) },
  'POST /api/owner/lots/:lotId/merchants': {
    who: OWNERS,
    sample: () => ({
      method: 'POST',
      path: `/api/owner/lots/${demoLot.id}/merchants`,
      json: { name: 'Access Cafe', perStayCapCents: 5000 },
    }),
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
    sample: () => ({
      method: 'POST',
      path: `/api/checkins/${crypto.randomUUID()}/validations`,
      json: { lotId: demoLot.id, code: 'ABCDE-23456' },
    }),
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
  'GET /api/owner/reports/plate-reads': {
    who: OWNERS,
    sample: () => ({ path: '/api/owner/reports/plate-reads?from=2026-11-01&to=2026-11-07' }),
  },
  'GET /api/owner/reviews': { who: OWNERS, sample: () => ({ path: '/api/owner/reviews' }) },
  ...Object.fromEntries(
    (['POST', 'PATCH'] as const).map((method) => [
      `${method} /api/owner/reviews/:id/reply`,
      {
        who: OWNERS,
        sample: () => ({ method, path: `/api/owner/reviews/${crypto.randomUUID()}/reply`, json: { text: 'Thank you' } }),
        found: false,
      },
    ]),
  ),
  'GET /api/account/webhooks': { who: OWNERS, sample: () => ({ path: '/api/account/webhooks' }) },
  // An address that is not https: an owner gets past the role check to the 400, and no webhook posts anywhere.
  'POST /api/account/webhooks': {
    who: OWNERS,
    sample: () => ({
      method: 'POST',
      path: '/api/account/webhooks',
      json: { url: 'http://hooks.partner.example', events: ['stay.started'] },
    }),
    refused: 400,
  },
  'DELETE /api/account/webhooks/:id': {
    who: OWNERS,
    sample: () => ({ method: 'DELETE', path: `/api/account/webhooks/${crypto.randomUUID()}` }),
    found: false,
  },
  'POST /api/account/webhooks/:id/resume': {
    who: OWNERS,
    sample: () => ({ method: 'POST', path: `/api/account/webhooks/${crypto.randomUUID()}/resume` }),
    found: false,
  },
  'GET /api/account/webhooks/:id/deliveries': {
    who: OWNERS,
    sample: () => ({ path: `/api/account/webhooks/${crypto.randomUUID()}/deliveries` }),
    found: false,
  },
  'POST /api/account/webhooks/:id/deliveries/:deliveryId/resend': {
    who: OWNERS,
    sample: () => ({ method: 'POST', path: `/api/account/webhooks/${crypto.randomUUID()}/deliveries/${crypto.randomUUID()}/resend` }),
    found: false,
  },
};
