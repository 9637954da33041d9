import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { accountRoutes } from './account/account.routes';
import { adminRoutes } from './admin/admin.routes';
import { withApiKey } from './api-keys/api-key.middleware';
import { apiKeyRoutes } from './api-keys/api-keys.routes';
import { authRoutes } from './auth/auth.routes';
import { secondFactorRoutes } from './auth/second-factor.routes';
import { passkeyRoutes } from './auth/passkeys.routes';
import { documentRoutes } from './documents/documents.routes';
import { emailRoutes } from './email/email.routes';
import { earlyRegistrationRoutes } from './early-registration/early-registration.routes';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env';
import { apiReferenceRoutes } from './http/api-reference';
import { limitBody, noStore, securityHeaders } from './http/edge';
import { apiError, refusalResponse } from './http/errors';
import { Refusal } from '../core/refusal';
import { appPages } from './auth/app-pages';
import { SESSION_COOKIE } from './auth/session-cookie';
import { enforceRoles, withSession } from './auth/session.middleware';
import { sameOriginWrites, withDb } from './http/middleware';
import { gateRoutes } from './gate/gate.routes';
import { lotIssueRoutes } from './lot-issues/lot-issues.routes';
import { recordDeployment } from './health/deployment.service';
import { healthRoutes } from './health/health.routes';
import { lotRoutes } from './lots/lots.routes';
import { monthlyPassRoutes } from './monthly-passes/monthly-passes.routes';
import { notificationRoutes } from './notifications/notifications.routes';
import { invitationRoutes, lotAttendantRoutes } from './owner/lot-attendants.routes';
import { figuresRoutes } from './owner/figures.routes';
import { statementRoutes } from './owner/statements.routes';
import { supportRoutes } from './support/support.routes';
import { tagRoutes } from './tags/tags.routes';
import { ownerRoutes } from './owner/owner.routes';
import { passRoutes } from './passes/passes.routes';
import { pricingRoutes } from './pricing/pricing.routes';
import { pushRoutes } from './push/push.routes';
import { paymentRoutes } from './payments/payments.routes';
import { platformRoutes } from './platform/platform.routes';
import { receiptRoutes } from './receipts/receipts.routes';
import { reservationRoutes } from './reservations/reservations.routes';
import { reviewRoutes } from './reviews/reviews.routes';
import { rewardRoutes } from './rewards/rewards.routes';
import { validationRoutes } from './validations/validations.routes';
import { walletRoutes } from './wallet/wallet.routes';
import { webhookRoutes } from './webhooks/webhooks.routes';

const api = new Hono<AppEnv>()
  .use(sameOriginWrites, withDb, recordDeployment, withSession, withApiKey, enforceRoles)
  .route('/', healthRoutes)
  .route('/', authRoutes)
  .route('/', secondFactorRoutes)
  .route('/', passkeyRoutes)
  .route('/', earlyRegistrationRoutes)
  .route('/', lotRoutes)
  .route('/', accountRoutes)
  .route('/', apiKeyRoutes)
  .route('/', webhookRoutes)
  .route('/', documentRoutes)
  .route('/', notificationRoutes)
  .route('/', pushRoutes)
  .route('/', emailRoutes)
  .route('/', ownerRoutes)
  .route('/', lotAttendantRoutes)
  .route('/', invitationRoutes)
  .route('/', figuresRoutes)
  .route('/', statementRoutes)
  .route('/', pricingRoutes)
  .route('/', gateRoutes)
  .route('/', lotIssueRoutes)
  .route('/', tagRoutes)
  .route('/', validationRoutes)
  .route('/', walletRoutes)
  .route('/', rewardRoutes)
  .route('/', paymentRoutes)
  .route('/', reservationRoutes)
  .route('/', passRoutes)
  .route('/', monthlyPassRoutes)
  .route('/', receiptRoutes)
  .route('/', reviewRoutes)
  .route('/', adminRoutes)
  .route('/', supportRoutes)
  .route('/', platformRoutes);

export const app = new Hono<AppEnv>()
  // Static assets, with their own headers: before the API's middleware. A middleware, not a route, so
  // no API path counts as matched by it (enforceRoles).
  .use(appPages)
  .use(securityHeaders, noStore, limitBody)
  .route('/api', api)
  .notFound((c) => c.json({ message: `No API route for ${c.req.method} ${c.req.path}` }, 404))
  .onError((err, c) => {
    if (err instanceof Refusal) return refusalResponse(err);
    if (err instanceof HTTPException) {
      // Hono's own (e.g. a malformed JSON body) carry no JSON response: give them ours.
      return err.res ?? apiError(err.status as ContentfulStatusCode, err.message || 'Request failed').getResponse();
    }
    console.error('Unhandled error', c.req.method, c.req.path, err);
    return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
  });

// The document describes the app it is part of, so it is mounted once the app is built.
app.route('/api', apiReferenceRoutes(app, SESSION_COOKIE));

/** The typed API surface; the web client infers request and response shapes from it. */
export type ApiRoutes = typeof api;
