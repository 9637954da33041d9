/** Who may call each API route of lots and their passes, reservations, the gate, receipts, the wallet and payments, and a sample request of it (rules.ts). */
import { env } from 'cloudflare:test';
import { manilaMonthOf } from '../../../core/time';
import { createSandboxProvider } from '../../payments/sandbox-provider';
import { demoLot, GATE, nextPlate, OWNERS, type AccessTable } from './rules';

export const PARKING_ROUTES: AccessTable = {
  'GET /api/lots': { who: 'public', sample: () => ({ path: '/api/lots' }) },
  'GET /api/lots/:id': { who: 'public', sample: () => ({ path: `/api/lots/${demoLot.id}` }) },
  'GET /api/lots/:id/quote': {
    who: 'public',
    sample: () => ({ path: `/api/lots/${demoLot.id}/quote?start=2026-11-27T18:00:00%2B08:00&end=2026-11-27T20:00:00%2B08:00` }),
  },
  'GET /api/lots/:id/availability': { who: 'public', sample: () => ({ path: `/api/lots/${demoLot.id}/availability` }) },
  'GET /api/lots/:id/forecast': {
    who: 'public',
    sample: () => ({ path: `/api/lots/${demoLot.id}/forecast?at=2026-11-27T18:00:00%2B08:00` }),
  },
  // Without an upgrade, past the role check to the 426 (worker/lots/live.test.ts holds sockets open).
  'GET /api/lots/:id/live': { who: 'public', sample: () => ({ path: `/api/lots/${demoLot.id}/live` }), refused: 426 },
  'GET /api/lots/:lotId/pass-products': { who: 'public', sample: () => ({ path: `/api/lots/${demoLot.id}/pass-products` }) },
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
  'GET /api/attendant/lots': { who: GATE, sample: () => ({ path: '/api/attendant/lots' }) },
  'GET /api/attendant/lot-status': { who: GATE, sample: () => ({ path: `/api/attendant/lot-status?lotId=${demoLot.id}` }) },
  'GET /api/attendant/shift': { who: GATE, sample: () => ({ path: `/api/attendant/shift?lotId=${demoLot.id}` }) },
  'POST /api/attendant/shift': {
    who: GATE,
    sample: () => ({ method: 'POST', path: '/api/attendant/shift', json: { lotId: demoLot.id, action: 'start' } }),
  },
  'GET /api/attendant/activity': { who: GATE, sample: () => ({ path: `/api/attendant/activity?lotId=${demoLot.id}` }) },
  'POST /api/attendant/issues': {
    who: GATE,
    sample: () => ({ method: 'POST', path: '/api/attendant/issues', json: { lotId: demoLot.id, text: 'Barrier arm sticks' } }),
  },
  'POST /api/attendant/issues/:id/resolve': {
    who: GATE,
    sample: () => ({ method: 'POST', path: `/api/attendant/issues/${crypto.randomUUID()}/resolve`, json: { lotId: demoLot.id } }),
    found: false,
  },
  'GET /api/checkins/plate': { who: GATE, sample: () => ({ path: `/api/checkins/plate?lotId=${demoLot.id}&plate=ZZZ%20999` }) },
  'GET /api/checkins/open': { who: GATE, sample: () => ({ path: `/api/checkins/open?lotId=${demoLot.id}&plate=ZZZ%20999` }), found: false },
  // A walk-in with a plate of its own each time: every allowed role checks one in.
  'POST /api/checkins/enter': {
    who: GATE,
    sample: () => ({
      method: 'POST',
      path: '/api/checkins/enter',
      json: { lotId: demoLot.id, plate: nextPlate('WLK') },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
  },
  'POST /api/checkins/:checkinId/exit': {
    who: GATE,
    sample: () => ({
      method: 'POST',
      path: `/api/checkins/${crypto.randomUUID()}/exit`,
      json: { lotId: demoLot.id, plate: 'ABC 123' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
    found: false,
  },
  'POST /api/checkins/:checkinId/undo': {
    who: GATE,
    sample: () => ({
      method: 'POST',
      path: `/api/checkins/${crypto.randomUUID()}/undo`,
      json: { lotId: demoLot.id },
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
  'GET /api/passes/revoked': { who: GATE, sample: () => ({ path: `/api/passes/revoked?lotId=${demoLot.id}` }) },
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
  'POST /api/reservations/:id/share': {
    who: 'session',
    sample: () => ({ method: 'POST', path: `/api/reservations/${crypto.randomUUID()}/share` }),
    found: false,
  },
  'DELETE /api/reservations/:id/share': {
    who: 'session',
    sample: () => ({ method: 'DELETE', path: `/api/reservations/${crypto.randomUUID()}/share` }),
    found: false,
  },
  'GET /api/shared-passes/:token': { who: 'public', sample: () => ({ path: '/api/shared-passes/not-a-link' }), found: false },
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
  // A made-up tag: a signed-in caller gets past the role check to "not one of ours".
  'GET /api/tags/:token': { who: 'session', sample: () => ({ path: `/api/tags/${'A'.repeat(44)}` }), found: false },
  'POST /api/tags/:token/check-in': {
    who: 'session',
    sample: () => ({
      method: 'POST',
      path: `/api/tags/${'A'.repeat(44)}/check-in`,
      json: { lat: 14.55, lng: 121.02 },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
    found: false,
  },
  'POST /api/tags/:token/check-out': {
    who: 'session',
    sample: () => ({
      method: 'POST',
      path: `/api/tags/${'A'.repeat(44)}/check-out`,
      json: { lat: 14.55, lng: 121.02, shownCents: 0 },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
    found: false,
  },
  'POST /api/wallet/pay-code': {
    who: 'session',
    sample: () => ({ path: '/api/wallet/pay-code', method: 'POST', json: { lotId: demoLot.id, limitCents: 10_000 } }),
  },
  'GET /api/rewards': { who: 'session', sample: () => ({ path: '/api/rewards' }) },
  // An unknown reward: a signed-in caller gets past the role check to "not found".
  'POST /api/rewards/redeem': {
    who: 'session',
    sample: () => ({
      method: 'POST',
      path: '/api/rewards/redeem',
      json: { rewardId: 'no-such-reward' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
    found: false,
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
  // Verified reviews (docs/reviews.md): another's or no such stay is a 404 past the role check.
  ...Object.fromEntries(
    (['reservations', 'monthly-passes'] as const).flatMap((stays) => [
      [
        `GET /api/${stays}/:id/review`,
        { who: 'session', sample: () => ({ path: `/api/${stays}/${crypto.randomUUID()}/review` }), found: false },
      ],
      ...(['POST', 'PATCH'] as const).map((method) => [
        `${method} /api/${stays}/:id/review`,
        {
          who: 'session',
          sample: () => ({ method, path: `/api/${stays}/${crypto.randomUUID()}/review`, json: { rating: 5 } }),
          found: false,
        },
      ]),
    ]),
  ),
  'GET /api/lots/:id/reviews': { who: 'public', sample: () => ({ path: `/api/lots/${demoLot.id}/reviews` }) },
  'POST /api/reviews/:id/report': {
    who: 'session',
    sample: () => ({ method: 'POST', path: `/api/reviews/${crypto.randomUUID()}/report`, json: { reason: 'Spam' } }),
    found: false,
  },
  // Driver reports to a lot: any signed-in person reports; a report is its reporter's and its lot's staff's (404 to anyone else).
  'POST /api/lots/:id/issues': {
    who: 'session',
    sample: () => ({
      method: 'POST',
      path: `/api/lots/${demoLot.id}/issues`,
      json: { category: 'other', text: 'A reservation of someone else', reservationId: crypto.randomUUID() },
    }),
    found: false,
  },
  'GET /api/lot-issues': { who: 'session', sample: () => ({ path: '/api/lot-issues' }) },
  'GET /api/lot-issues/:id': { who: 'session', sample: () => ({ path: `/api/lot-issues/${crypto.randomUUID()}` }), found: false },
  'PUT /api/lot-issues/:id/photo': {
    who: 'session',
    sample: () => ({
      method: 'PUT',
      path: `/api/lot-issues/${crypto.randomUUID()}/photo`,
      body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
      headers: { 'Content-Type': 'image/jpeg' },
    }),
    found: false,
  },
  'GET /api/lot-issues/:id/photo': {
    who: 'session',
    sample: () => ({ path: `/api/lot-issues/${crypto.randomUUID()}/photo` }),
    found: false,
  },
  'POST /api/lot-issues/:id/messages': {
    who: 'session',
    sample: () => ({ method: 'POST', path: `/api/lot-issues/${crypto.randomUUID()}/messages`, json: { text: 'Hello' } }),
    found: false,
  },
  'POST /api/lot-issues/:id/status': {
    who: 'session',
    sample: () => ({ method: 'POST', path: `/api/lot-issues/${crypto.randomUUID()}/status`, json: { status: 'acknowledged' } }),
    found: false,
  },
  'POST /api/lot-issues/:id/slot-taken': {
    who: 'session',
    sample: () => ({
      method: 'POST',
      path: `/api/lot-issues/${crypto.randomUUID()}/slot-taken`,
      json: { choice: 'refund' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
    found: false,
  },
  'GET /api/attendant/lot-issues': { who: GATE, sample: () => ({ path: `/api/attendant/lot-issues?lotId=${demoLot.id}` }) },
  'GET /api/owner/lot-issues': { who: OWNERS, sample: () => ({ path: '/api/owner/lot-issues' }) },
};
