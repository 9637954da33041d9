import type { DB } from './db/client';
import type { User } from './db/schema';

/**
 * The worker's bindings. Every domain imports this file, so it imports none (dependency-cruiser,
 * env-knows-no-domain): a binding typed by a domain's own types is declared by that domain, which adds
 * it to this interface (`declare module '../env'`). So are the lot objects and the lot-timers Queue
 * (worker/lot-object/lot-durable-object.ts), the attempt limiters (worker/auth/attempt-limiter.ts), and
 * the push, e-mail and SMS Queues (worker/push, worker/email, worker/sms: their services).
 */
export interface Bindings {
  /** The built SPA and the pages prerendered at build (worker/auth/app-pages.ts). */
  ASSETS: Fetcher;
  DB: D1Database;
  SESSIONS: KVNamespace;
  /** Cloudflare Email Service: the consumer of EMAIL_QUEUE sends through it (worker/email/email.service.ts). */
  EMAIL: SendEmail;
  /** Owner applicants' documents (worker/documents). */
  DOCUMENTS: R2Bucket;
  /** Photos drivers attach to their reports to a lot (worker/lot-issues). */
  ISSUE_PHOTOS: R2Bucket;
  /** Which version of the worker is running: uptime counts from the first request it served (worker/health/deployment.service.ts). */
  CF_VERSION_METADATA: WorkerVersionMetadata;
  /** `development` (local runs, from .dev.vars) or `production`; anything else is treated as not development. */
  APP_ENV?: string;
  /** `sandbox` (local only), `paymongo`, or unset (no provider: top-ups refused, and the app says payment is unavailable). */
  PAYMENT_PROVIDER?: string;
  /** HMAC secret of the sandbox gateway's webhooks. */
  SANDBOX_WEBHOOK_SECRET?: string;
  /** PayMongo's secret API key (`sk_test_…` or `sk_live_…`) and its webhook's secret: `wrangler secret put` (docs/payments.md). */
  PAYMONGO_SECRET_KEY?: string;
  PAYMONGO_WEBHOOK_SECRET?: string;
  /** PayMongo's API, https://api.paymongo.com unless set (a stand-in's address in tests). */
  PAYMONGO_API_URL?: string;
  /** JSON array of the private JWKs that sign QR passes, newest first (docs/passes.md). */
  PASS_SIGNING_KEYS?: string;
  /** The P-256 private JWK that signs Web Push (VAPID), from `npm run vapid-key`; push is off without it (docs/notifications.md). */
  VAPID_PRIVATE_JWK?: string;
  /** The sender of every e-mail, an address of a domain onboarded to Email Sending; noreply@parkada.ph unless set. */
  MAIL_FROM?: string;
  /** Where links in e-mails lead, e.g. https://parkada.ph; the origin of the request that caused the e-mail unless set. */
  APP_ORIGIN?: string;
  /** The HMAC key of one-click unsubscribe links (docs/notifications.md); promotional mail cannot be sent without it. */
  EMAIL_LINK_SECRET?: string;
  /** The Philippine SMS gateway's messages endpoint: Semaphore's POST /api/v4/messages unless set (a stand-in's address in tests). */
  SMS_API_URL?: string;
  /** The gateway's API key, a secret; SMS is off without it (docs/notifications.md, SMS). */
  SMS_API_KEY?: string;
  /** The sender name registered with the gateway, shown as the text's sender. */
  SMS_SENDER_NAME?: string;
  /** The HMAC key of device cookies (worker/auth/device-cookie.ts); without it every sign-in counts as an unknown device. */
  DEVICE_COOKIE_SECRET?: string;
  /** 32 random bytes, base64url: seals authenticator-app and webhook secrets at rest (worker/http/sealed-secrets.ts). */
  SECOND_FACTOR_KEY?: string;
  /** The HMAC key of the lot tags' URLs (worker/tags/tag-token.ts); tags are off without it. Changing it voids every tag. */
  TAG_SIGNING_SECRET?: string;
  /** The passkeys' relying party: its ID (the site's domain) and origin; the request's own origin when unset (docs/account.md, Passkeys). */
  WEBAUTHN_RP_ID?: string;
  WEBAUTHN_ORIGIN?: string;
  /**
   * The map's tile server, a URL template `https://…/{z}/{x}/{y}.png`, and its credit (HTML, shown on the
   * map); OpenStreetMap's server unless set. A bad template, or one without its attribution, is logged
   * and the default used (worker/http/map-tiles.ts).
   */
  MAP_TILES_URL?: string;
  MAP_TILES_ATTRIBUTION?: string;
  /** Who push services may contact about our messages: a mailto: or https: address. */
  VAPID_SUBJECT?: string;
}

/** The signed-in user as handlers see it: never the password hash. */
export type SessionUser = Omit<User, 'passwordHash' | 'passwordExpiresAt' | 'mustChangePassword'> & {
  /** Set when the request acts through one of the account's API keys: its name, which the audit trail shows (docs/api.md). */
  viaApiKey?: string;
};

type Variables = {
  db: DB;
  user: SessionUser | null;
  sessionId: string | null;
};

export type AppEnv = { Bindings: Bindings; Variables: Variables };

/** A handler behind `signedIn` (worker/http/middleware.ts): the user is there, typed so. */
export type SignedInEnv = { Bindings: Bindings; Variables: Variables & { user: SessionUser } };
