/**
 * The whole relational data set of the product, in D1.
 * Money is integer centavos; timestamps are ISO-8601 UTC strings (display converts to Asia/Manila).
 * JSON columns hold the spec's *Json fields verbatim so the API can return them unchanged.
 * SQL migrations in `migrations/` are generated from this file with `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { DURATION_OPTIONS, THEMES } from '../../core/account';
import { REVIEW_STATUSES } from '../../core/approvals';
import { AUDIT_ACTIONS } from '../../core/audit';
import { ARCHIVED_KINDS } from '../../core/archive';
import { DOCUMENT_TYPES } from '../../core/documents';
import { CHARGE_KINDS, MONEY_KINDS, RESERVATION_STATUSES } from '../../core/booking';
import { OVERRIDE_REASONS } from '../../core/gate';
import { ISSUE_PHOTO_TYPES, LOT_ISSUE_CATEGORIES, LOT_ISSUE_STATUSES, SLOT_TAKEN_CHOICES } from '../../core/lot-issues';
import { TAG_KINDS } from '../../core/tags';
import { INVITATION_STATUSES } from '../../core/lot-attendants';
import { NOTIFICATION_TYPES } from '../../core/notifications';
import { RECEIPT_KINDS } from '../../core/receipts';
import { PRICING_STRATEGIES } from '../../core/pricing';
import type { PriceBand } from '../../core/price-bands';
import { OWNER_SIGNUP_ROLES, ROLES, SIGNUP_ROLES } from '../../core/roles';
import { SUPPORT_CATEGORIES, SUPPORT_STATUSES } from '../../core/support';
import { VALIDATION_SOURCES } from '../../core/validations';
import { VERIFICATION_TYPES } from '../../core/verification';
import { VEHICLE_TYPES } from '../../core/vehicles';
import { DELIVERY_STATUSES, WEBHOOK_EVENTS, type WebhookEventType } from '../../core/webhooks';
import { PERIOD_KINDS } from '../../core/monthly-passes';
import { TOPUP_METHODS } from '../../core/wallet';
import { GATE_PAYMENT_METHODS, PAYMENT_STATUSES, TOPUP_REFUND_STATUSES, TRANSACTION_TYPES } from '../../core/wallet';

const id = () => text('id').primaryKey();
const createdAt = (column = 'created_at') => text(column).notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

export const users = sqliteTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    profileImageUrl: text('profile_image_url'),
    role: text('role', { enum: ROLES }).notNull().default('parking_user'),
    /** Set by the super admin: no session of the user works and signing in is refused until reactivated. */
    suspendedAt: text('suspended_at'),
    createdAt: createdAt(),
    /** Unused: one-time passwords are retired (owners invite by link; migration 0037). Kept, not dropped. */
    mustChangePassword: integer('must_change_password', { mode: 'boolean' }).notNull().default(false),
    /** Unused, as `mustChangePassword`. */
    passwordExpiresAt: text('password_expires_at'),
    /** The Terms of Service and Privacy Policy versions the user accepted (core/legal.ts), and when; null: never asked (docs/privacy.md). */
    termsVersion: text('terms_version'),
    privacyVersion: text('privacy_version'),
    termsAcceptedAt: text('terms_accepted_at'),
    /** The person deleted their account (docs/privacy.md): their identity is erased; the id stays on the records the law keeps. */
    deletedAt: text('deleted_at'),
    /** When the person proved they read this address (a verification or reset link); null until then (docs/account.md). */
    emailVerifiedAt: text('email_verified_at'),
    /** When the person typed the code texted to `phone` (docs/account.md, Phone); null until then, and again when the phone changes. */
    phoneVerifiedAt: text('phone_verified_at'),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_created_idx').on(t.createdAt)],
);

/**
 * Links that prove a person holds an address (core/verification.ts): one live link per target and
 * type, a newer one replacing it; only the token's SHA-256 is kept, and using it deletes the row.
 */
export const verifications = sqliteTable(
  'verifications',
  {
    id: id(),
    type: text('type', { enum: VERIFICATION_TYPES }).notNull(),
    /** The address the link was sent to. */
    target: text('target').notNull(),
    /** The account the link acts for when the target is not yet its address (a change of e-mail). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: text('expires_at').notNull(),
    /** Wrong codes typed against it (a texted code, which is short): it stops working at MAX_CODE_TRIES. */
    tries: integer('tries').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('verifications_target_type_unique').on(t.target, t.type), uniqueIndex('verifications_token_unique').on(t.tokenHash)],
);

/** A notice claimed by a channel's consumer before it is sent; the service's message id once sent. */
const deliveryColumns = () => ({
  noticeId: text('notice_id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  messageId: text('message_id'),
  claimedAt: text('claimed_at').notNull(),
});

/** E-mail notices claimed, so a message the Queue delivers again is not sent twice (worker/email/email.service.ts). */
export const emailDeliveries = sqliteTable('email_deliveries', deliveryColumns());

/** SMS notices claimed, likewise (worker/sms/sms.service.ts); the message id is the gateway's `message_id`. */
export const smsDeliveries = sqliteTable('sms_deliveries', deliveryColumns());

/** Audit trail of sign-ins; the live session itself is in KV (SESSIONS). */
export const sessions = sqliteTable(
  'sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    revokedAt: text('revoked_at'),
    /** When this session last gave the second factor (at sign-in or a step-up); null: never (docs/account.md, Step-up). */
    secondFactorAt: text('second_factor_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A person's authenticator app (TOTP, RFC 6238): the shared secret, encrypted with SECOND_FACTOR_KEY
 * (worker/http/sealed-secrets.ts). Pending until a first code confirms it; the last 30-second step
 * used, so one code never signs in twice.
 */
export const totpFactors = sqliteTable('totp_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  encryptedSecret: text('encrypted_secret').notNull(),
  confirmedAt: text('confirmed_at'),
  lastStep: integer('last_step'),
  createdAt: createdAt(),
});

/** A person's passkeys (WebAuthn credentials): a sign-in on their own and a second factor (docs/account.md, Passkeys). */
export const passkeys = sqliteTable(
  'passkeys',
  {
    /** The credential id, base64url, as the authenticator made it. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    /** JSON array of the transports the browser reported (usb, internal, hybrid…). */
    transports: text('transports'),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: text('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * An account's API keys (docs/api.md): only the key's SHA-256 and its first characters are kept, and
 * revoking deletes the row. At most MAX_API_KEYS (core/api-scopes.ts) an account.
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters, shown in the list so its holder recognises it. */
    visiblePrefix: text('visible_prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    /** JSON array of core/api-scopes.ts's scopes. */
    scopesJson: text('scopes_json').notNull(),
    createdAt: createdAt(),
    /** Written at most once a minute (LAST_USE_EVERY_MS). */
    lastUsedAt: text('last_used_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_unique').on(t.keyHash), uniqueIndex('api_keys_user_name_unique').on(t.userId, t.name)],
);

/** The 10 single-use recovery codes of an account with a second factor, stored as SHA-256 hashes. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: text('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_unique').on(t.userId, t.codeHash)],
);

export const vehicles = sqliteTable(
  'vehicles',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plate: text('plate').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    color: text('color'),
    vehicleType: text('vehicle_type', { enum: VEHICLE_TYPES }).notNull().default('car'),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('vehicles_user_plate_unique').on(t.userId, t.plate)],
);

export const preferences = sqliteTable('preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailNotifications: integer('email_notifications', { mode: 'boolean' }).notNull().default(true),
  pushNotifications: integer('push_notifications', { mode: 'boolean' }).notNull().default(true),
  smsNotifications: integer('sms_notifications', { mode: 'boolean' }).notNull().default(false),
  bookingReminders: integer('booking_reminders', { mode: 'boolean' }).notNull().default(true),
  promotionalEmails: integer('promotional_emails', { mode: 'boolean' }).notNull().default(false),
  defaultDuration: text('default_duration', { enum: DURATION_OPTIONS }).notNull().default('2'),
  autoExtend: integer('auto_extend', { mode: 'boolean' }).notNull().default(false),
  theme: text('theme', { enum: THEMES }).notNull().default('system'),
});

export const lots = sqliteTable(
  'lots',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    address: text('address'),
    city: text('city'),
    geoLat: real('geo_lat').notNull(),
    geoLng: real('geo_lng').notNull(),
    /** Where drivers turn in, when it is not at the pin: Directions lead here (both or neither; docs/owner.md). */
    entranceLat: real('entrance_lat'),
    entranceLng: real('entrance_lng'),
    amenitiesJson: text('amenities_json').notNull().default('{}'),
    hoursJson: text('hours_json').notNull().default('{}'),
    rulesJson: text('rules_json').notNull().default('{}'),
    isApproved: integer('is_approved', { mode: 'boolean' }).notNull().default(false),
    /** An owner's switch: a deactivated lot takes no new bookings and leaves search; what is booked stands. */
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    /** Parkada's switch over an approved lot, with the reason its owner reads: unlisted, it is off sale as a deactivated one is (core/lot-sale.ts). */
    unlistedAt: text('unlisted_at'),
    unlistedReason: text('unlisted_reason'),
    createdAt: createdAt(),
  },
  // Search reads a bounding box of approved lots as one range scan of this index (docs/search.md).
  (t) => [index('lots_owner_idx').on(t.ownerId), index('lots_search_idx').on(t.isApproved, t.geoLat, t.geoLng)],
);

export const slots = sqliteTable(
  'slots',
  {
    id: id(),
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    level: text('level'),
    accessible: integer('accessible', { mode: 'boolean' }).notNull().default(false),
    evCharging: integer('ev_charging', { mode: 'boolean' }).notNull().default(false),
    vehicleType: text('vehicle_type', { enum: VEHICLE_TYPES }).notNull().default('car'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [uniqueIndex('slots_lot_label_unique').on(t.lotId, t.label), index('slots_lot_active_idx').on(t.lotId, t.active)],
);

/**
 * Search's read model of the lot objects (docs/search.md), written only by each lot's object: how
 * many of its slots are taken for part of an hour (hours since the epoch, UTC). An hour nobody booked
 * has no row, so lots imported straight into D1 need none. No foreign key: the object writes it
 * without knowing whether D1 still has the lot, and a missing lot is never searched.
 */
export const lotHoursBooked = sqliteTable(
  'lot_hours_booked',
  {
    lotId: text('lot_id').notNull(),
    hour: integer('hour').notNull(),
    slotsTaken: integer('slots_taken').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.hour] })],
);

/** Walk-ins inside a lot now, as its object last wrote them: on a slot of their own, or let in without one. */
export const lotWalkIns = sqliteTable('lot_walk_ins', {
  lotId: text('lot_id').primaryKey(),
  placed: integer('placed').notNull(),
  unplaced: integer('unplaced').notNull(),
});

export const pricing = sqliteTable(
  'pricing',
  {
    lotId: text('lot_id')
      .primaryKey()
      .references(() => lots.id, { onDelete: 'cascade' }),
    strategy: text('strategy', { enum: PRICING_STRATEGIES }).notNull().default('STATIC'),
    baseRate: integer('base_rate').notNull().default(8000),
    currency: text('currency').notNull().default('PHP'),
    progressiveJson: text('progressive_json'),
    dynamicEnabled: integer('dynamic_enabled', { mode: 'boolean' }).notNull().default(false),
    updatedAt: createdAt('updated_at'),
    /** Band rates the owner applied from dynamic suggestions (`AppliedBandRates`); quoted only while dynamic pricing is on. */
    bandRatesJson: text('band_rates_json'),
    /** A `RATE_CARD` lot's posted rates (`RateCard`, core/rate-card.ts); kept when the lot goes back to an hourly rate. */
    rateCardJson: text('rate_card_json'),
    /** The owner's waivers of the card's fees (`Waiver[]`), listed on the lot's page and honoured by every price. */
    waiversJson: text('waivers_json'),
  },
  (t) => [check('pricing_base_rate_range', sql`${t.baseRate} BETWEEN 1000 AND 50000`)],
);

/**
 * A booking over for `RESERVATION_HOT_DAYS` leaves for the archive (docs/payments.md, Archive), while
 * the rows that name it (its charges, receipts, ledger rows, stays, reviews, issues, vouchers) stay: so
 * no table refers to it by a foreign key (migrations/0059); readers read D1 and the archive.
 */
export const reservations = sqliteTable(
  'reservations',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id),
    slotId: text('slot_id').references(() => slots.id),
    vehicleId: text('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    vehiclePlate: text('vehicle_plate'),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull(),
    startTs: text('start_ts').notNull(),
    endTs: text('end_ts').notNull(),
    amountCents: integer('amount_cents').notNull(),
    priceSnapshotJson: text('price_snapshot_json'),
    /** Bumped by every change: a change names the version it read, so a stale one changes nothing. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    cancelledAt: text('cancelled_at'),
    /** The companion link's id while the booker shares the pass (docs/passes.md): cleared to revoke it, a new one on the next share. */
    shareId: text('share_id'),
  },
  (t) => [
    index('reservations_user_idx').on(t.userId, t.startTs),
    index('reservations_lot_idx').on(t.lotId, t.startTs),
    // Occupancy reads the stays still running after a moment: the lot's reservations ending after it.
    index('reservations_lot_end_idx').on(t.lotId, t.endTs),
    check('reservations_amount_nonneg', sql`${t.amountCents} >= 0`),
    check('reservations_window', sql`${t.endTs} > ${t.startTs}`),
  ],
);

/**
 * Who won a slot hold: the booking write that used it ('committed', in the same batch as the record)
 * or the lot object's alarm that let it lapse ('lapsed'). The primary key lets only one of them win,
 * so a write can never commit on a hold the object has already given away.
 */
export const holdClaims = sqliteTable('hold_claims', {
  holdId: text('hold_id').primaryKey(),
  reservationId: text('reservation_id').notNull(),
  outcome: text('outcome', { enum: ['committed', 'lapsed'] }).notNull(),
  createdAt: createdAt(),
});

/**
 * One row, rewritten with `changes()` right after a conditional UPDATE in a batch: when the UPDATE
 * matched nothing (the record moved on meanwhile), the CHECK aborts the whole batch, money included.
 */
export const transitionGuard = sqliteTable(
  'transition_guard',
  {
    id: integer('id').primaryKey(),
    changed: integer('changed').notNull(),
  },
  (t) => [check('record_changed_meanwhile', sql`${t.changed} > 0`)],
);

export const charges = sqliteTable(
  'charges',
  {
    id: id(),
    /** No foreign key: a booking over for `RESERVATION_HOT_DAYS` leaves D1 for the archive while its charges stay (migrations/0059). */
    reservationId: text('reservation_id').notNull(),
    kind: text('kind', { enum: CHARGE_KINDS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('PHP'),
    createdAt: createdAt(),
    /** The reservation's lot, filled in by a trigger on insert, so an owner's money is read by lot and time (docs/owner.md). */
    lotId: text('lot_id'),
    /** How the driver paid it: from the wallet, or in cash at the gate (an overstay or a walk-in). */
    method: text('method', { enum: GATE_PAYMENT_METHODS }).notNull().default('wallet'),
    /** A rate card's lines of the charge as priced when it was made (`CardLine[]`), so its receipt never changes with the card. */
    linesJson: text('lines_json'),
  },
  (t) => [index('charges_reservation_idx').on(t.reservationId), index('charges_lot_time_idx').on(t.lotId, t.createdAt)],
);

/**
 * The archive's directory (docs/payments.md, Archive): one row per closed period written to the ARCHIVE
 * bucket, a kind of record of one lot in one Manila month, so it stays small however much was moved.
 * A charge of a period listed here leaves the rollups as they are when it is deleted (migrations/0047).
 */
export const archivedPeriods = sqliteTable(
  'archived_periods',
  {
    kind: text('kind', { enum: ARCHIVED_KINDS }).notNull(),
    lotId: text('lot_id').notNull(),
    month: text('month').notNull(),
    key: text('key').notNull(),
    rows: integer('rows').notNull(),
    bytes: integer('bytes').notNull(),
    archivedAt: text('archived_at').notNull(),
    /**
     * When the retention masked the plates of a bookings' period past its period (docs/privacy.md,
     * Retention); every other rewrite clears it, so a late move into the period is masked again.
     */
    platesMaskedAt: text('plates_masked_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.lotId, t.month] }),
    // The retention's nightly page: the bookings' periods whose plates are not masked yet, a few months' worth.
    index('archived_periods_full_plates_idx').on(t.kind, t.month).where(sql`${t.kind} = 'reservations' AND ${t.platesMaskedAt} IS NULL`),
  ],
);

/**
 * Where a driver's archived bookings are (docs/payments.md, Archive: Bookings): a row per driver, lot and
 * Manila month whose period holds one of theirs, written in the move's batch. A booking's id names no
 * period; this finds the few a driver's reads open, and grows with drivers' months, not with bookings.
 * WITHOUT ROWID (migration 0063): its key is every read, and the table is that one b-tree.
 */
export const archivedBookings = sqliteTable(
  'archived_bookings',
  {
    userId: text('user_id').notNull(),
    lotId: text('lot_id').notNull(),
    month: text('month').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lotId, t.month] })],
);

/*
 * The daily rollups of each lot, in Manila days (docs/owner.md, "Rollups"). Triggers on the records
 * they count (migrations/0020) keep them in the same transaction as every write, so they are never
 * behind: reports read a few rows a day instead of every charge and stay of the range.
 */

/**
 * Money received per Manila day, kind and method: the charges, walk-ins nobody booked and gate refunds.
 * WITHOUT ROWID (migration 0064): it is kept for good, and its key is every read.
 */
export const lotMoneyDays = sqliteTable(
  'lot_money_days',
  {
    lotId: text('lot_id').notNull(),
    day: text('day').notNull(),
    kind: text('kind', { enum: MONEY_KINDS }).notNull(),
    method: text('method', { enum: GATE_PAYMENT_METHODS }).notNull(),
    cents: integer('cents').notNull(),
    items: integer('items').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.day, t.kind, t.method] })],
);

/** The same money per Manila day and clock hour (the revenue-by-hour figures). */
export const lotMoneyHours = sqliteTable(
  'lot_money_hours',
  {
    lotId: text('lot_id').notNull(),
    day: text('day').notNull(),
    hour: integer('hour').notNull(),
    cents: integer('cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.day, t.hour] })],
);

/** Bookings (reservations not cancelled) per Manila day of their start and length in seconds. */
export const lotBookingDays = sqliteTable(
  'lot_booking_days',
  {
    lotId: text('lot_id').notNull(),
    day: text('day').notNull(),
    seconds: integer('seconds').notNull(),
    bookings: integer('bookings').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.day, t.seconds] })],
);

/**
 * Per driver and Manila day: bookings starting that day (not cancelled) and money received from the
 * driver's reservations that day (charges, less gate refunds). The Customers figures of any range.
 */
export const lotCustomerDays = sqliteTable(
  'lot_customer_days',
  {
    lotId: text('lot_id').notNull(),
    userId: text('user_id').notNull(),
    day: text('day').notNull(),
    bookings: integer('bookings').notNull(),
    cents: integer('cents').notNull(),
  },
  // Every read is a lot's range of days: keyed by them, and WITHOUT ROWID (migration 0058), the table is
  // its one b-tree; a rowid table kept each row three times (the table, its key, a covering index).
  (t) => [primaryKey({ columns: [t.lotId, t.day, t.userId] })],
);

/**
 * Slot-seconds held per clock hour (`hour`: Manila clock seconds since the epoch at the top of the
 * hour) by stays: reservations that hold a slot and walk-ins nobody booked once they left.
 */
export const lotStayHours = sqliteTable(
  'lot_stay_hours',
  {
    lotId: text('lot_id').notNull(),
    hour: integer('hour').notNull(),
    seconds: integer('seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.hour] })],
);

/**
 * Reservations per lot and Manila day, for the super admin's platform figures (docs/admin.md, Tenants
 * and platform metrics): how many start that day (whatever became of them), how many of those were
 * cancelled or expired (no-shows), and the slot-seconds of that day kept by reservations holding their
 * slot. A row per lot-day, kept by triggers (migration 0061); a booking moved to the archive still counts.
 */
export const lotReservationDays = sqliteTable(
  'lot_reservation_days',
  {
    lotId: text('lot_id').notNull(),
    day: text('day').notNull(),
    reservations: integer('reservations').notNull(),
    cancelled: integer('cancelled').notNull(),
    noShows: integer('no_shows').notNull(),
    keptSeconds: integer('kept_seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.day] })],
);

/*
 * The folded grains (docs/owner.md, "Rollups"): the rows above that grow per hour or per driver and
 * day are kept for a hot window (core/scale.ts), then the daily Cron folds them here, a row per lot
 * and day (or driver and month). Readers read both, so a fold never changes a figure.
 */

/** `lot_stay_hours` of a Manila day (days since the epoch): its 24 clock hours' slot-seconds as a JSON array. */
export const lotStayHoursFolded = sqliteTable(
  'lot_stay_hours_folded',
  { lotId: text('lot_id').notNull(), day: integer('day').notNull(), seconds: text('seconds').notNull() },
  (t) => [primaryKey({ columns: [t.lotId, t.day] })],
);

/** `lot_money_hours` of a Manila day: its 24 clock hours' cents as a JSON array. */
export const lotMoneyHoursFolded = sqliteTable(
  'lot_money_hours_folded',
  { lotId: text('lot_id').notNull(), day: text('day').notNull(), cents: text('cents').notNull() },
  (t) => [primaryKey({ columns: [t.lotId, t.day] })],
);

/** `lot_booking_days` of a Manila day: its bookings, their summed length, and how many were short or long (core STAY_LENGTH_BOUNDS). */
export const lotBookingDaysFolded = sqliteTable(
  'lot_booking_days_folded',
  {
    lotId: text('lot_id').notNull(),
    day: text('day').notNull(),
    bookings: integer('bookings').notNull(),
    seconds: integer('seconds').notNull(),
    short: integer('short').notNull(),
    long: integer('long').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.day] })],
);

/**
 * `lot_customer_days` rows on their way to the lot's object (docs/owner.md, "Rollups"): a fold moves a
 * lot's days here under its own id, in the batch that deletes them from the hot table; the object adds a
 * fold once, by its id, and the rows are deleted once it has. Empty but for a fold in flight.
 */
export const customerDaysOutbox = sqliteTable(
  'customer_days_outbox',
  {
    lotId: text('lot_id').notNull(),
    foldId: integer('fold_id').notNull(),
    day: text('day').notNull(),
    userId: text('user_id').notNull(),
    bookings: integer('bookings').notNull(),
    cents: integer('cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.foldId, t.day, t.userId] })],
);

/**
 * The last fold id given (one row): a fold's id is the next, so a reader that saw `n` knows that a fold an
 * object holds with a greater id was made after its read, from rows that read still found in D1.
 */
export const customerFoldCounter = sqliteTable('customer_fold_counter', {
  id: integer('id').primaryKey(),
  lastFoldId: integer('last_fold_id').notNull(),
});

/** The first day a driver booked at a lot among the folded days: whether a driver of a range is new, a row per driver ever. */
export const lotCustomers = sqliteTable(
  'lot_customers',
  { lotId: text('lot_id').notNull(), userId: text('user_id').notNull(), firstDay: text('first_day').notNull() },
  (t) => [primaryKey({ columns: [t.lotId, t.userId] })],
);

export const wallets = sqliteTable(
  'wallets',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    balanceCents: integer('balance_cents').notNull().default(0),
    points: integer('points').notNull().default(0),
    currency: text('currency').notNull().default('PHP'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wallets_user_unique').on(t.userId),
    // The database itself refuses an overdraft, whatever the application does.
    check('wallets_balance_nonneg', sql`${t.balanceCents} >= 0`),
    check('wallets_points_nonneg', sql`${t.points} >= 0`),
  ],
);

export const walletTransactions = sqliteTable(
  'wallet_transactions',
  {
    id: id(),
    walletId: text('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    /** Signed: credits positive, debits negative, so the balance is SUM(amount_cents). */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('PHP'),
    description: text('description').notNull(),
    reservationId: text('reservation_id'),
    paymentReference: text('payment_reference'),
    /** One money movement per key per wallet: a repeated request or webhook can never post twice. */
    idempotencyKey: text('idempotency_key'),
    /** Loyalty points this row adds or takes back (PAYMENT/REFUND only; see docs/wallet.md). */
    pointsDelta: integer('points_delta').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_tx_wallet_idx').on(t.walletId, t.createdAt),
    index('wallet_tx_reservation_idx').on(t.reservationId),
    uniqueIndex('wallet_tx_idem_unique').on(t.walletId, t.idempotencyKey),
  ],
);

/** A top-up through a payment provider: created pending, settled only by the provider's signed webhook. */
export const payments = sqliteTable(
  'payments',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: text('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    method: text('method', { enum: TOPUP_METHODS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('PHP'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** Why the payment was started: a person's top-up or the auto top-up rule. */
    origin: text('origin', { enum: ['topup', 'auto_topup'] })
      .notNull()
      .default('topup'),
    /** The gateway's checkout (PayMongo: the Checkout Session `cs_…`). */
    providerRef: text('provider_ref'),
    /** The checkout's payment intent (PayMongo `pi_…`), which a `payment.failed` event names. */
    providerIntentId: text('provider_intent_id'),
    /** The gateway's payment that paid it (PayMongo `pay_…`): what a refund to the source names. */
    providerPaymentId: text('provider_payment_id'),
    checkoutUrl: text('checkout_url'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    completedAt: text('completed_at'),
  },
  (t) => [index('payments_user_idx').on(t.userId, t.createdAt), check('payments_amount_positive', sql`${t.amountCents} > 0`)],
);

/**
 * A top-up paid back to its source (docs/wallet.md, Refunds of top-ups): each attempt is a row, and at
 * most one per top-up is not `refused`, so a top-up is refunded once whatever the concurrency.
 */
export const topupRefunds = sqliteTable(
  'topup_refunds',
  {
    id: id(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    walletId: text('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: TOPUP_REFUND_STATUSES }).notNull().default('requested'),
    /** The gateway's refund (PayMongo `ref_…`). */
    providerRefundId: text('provider_refund_id'),
    /** Why the gateway refused, for a `refused` attempt. */
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    completedAt: text('completed_at'),
  },
  (t) => [
    uniqueIndex('topup_refunds_one_per_topup').on(t.paymentId).where(sql`${t.status} <> 'refused'`),
    check('topup_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Webhook events already processed, by the provider's event id: a replayed event changes nothing. */
export const paymentEvents = sqliteTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  paymentId: text('payment_id').notNull(),
  type: text('type').notNull(),
  receivedAt: createdAt('received_at'),
});

/** `Idempotency-Key` of money-moving requests: the first request's body hash and the resource it made. */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    resourceId: text('resource_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** The driver's auto top-up rule (Wallet Settings). */
export const autoTopups = sqliteTable('auto_topups', {
  walletId: text('wallet_id')
    .primaryKey()
    .references(() => wallets.id, { onDelete: 'cascade' }),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
  thresholdCents: integer('threshold_cents').notNull(),
  amountCents: integer('amount_cents').notNull(),
  method: text('method', { enum: TOPUP_METHODS }).notNull(),
  updatedAt: createdAt('updated_at'),
});

/**
 * A lot's series of official receipt numbers (docs/booking.md, Receipts): the prefix its documents
 * carry and the last number issued. The row is opened and advanced by the statements that issue a
 * document, in the D1 batch of the payment itself, so a batch that fails takes its number back with it.
 */
export const receiptSeries = sqliteTable(
  'receipt_series',
  {
    lotId: text('lot_id')
      .primaryKey()
      .references(() => lots.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [uniqueIndex('receipt_series_prefix_unique').on(t.prefix), check('receipt_series_last_number_nonneg', sql`${t.lastNumber} >= 0`)],
);

/**
 * Numbered documents: a RECEIPT for what a reservation's driver has paid in all (or for a monthly
 * pass's sale), or the VOID of an earlier receipt. When the amount paid changes, the current receipt is voided and a new one replaces
 * it, in the change's batch. `lot_id`, `seq` and `number` are its place in the lot's series;
 * `charge_lines` and `refund_lines` how many of the reservation's charges and gate refunds it covers
 * (those that existed when it was issued). Append-only: triggers (migrations/0022) refuse an UPDATE,
 * a DELETE, and an INSERT of a document without its number or not referring as its kind must.
 */
export const receipts = sqliteTable(
  'receipts',
  {
    id: id(),
    kind: text('kind', { enum: RECEIPT_KINDS }).notNull().default('RECEIPT'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** What the document certifies: a reservation's payments, or a monthly pass's sale (exactly one: migrations/0029). */
    reservationId: text('reservation_id'),
    monthlyPassId: text('monthly_pass_id').references((): AnySQLiteColumn => monthlyPasses.id),
    // Defaults only so the columns could be added to the receipts that existed (migrations/0022 numbered
    // them); a trigger refuses a document without its place in a series (`seq` > 0, its `number`).
    lotId: text('lot_id').notNull().default(''),
    seq: integer('seq').notNull().default(0),
    number: text('number').notNull().default(''),
    amountCents: integer('amount_cents').notNull(),
    vatCents: integer('vat_cents').notNull().default(0),
    paymentReference: text('payment_reference'),
    /** A receipt: the (voided) receipt of the same reservation it replaces. */
    replacesId: text('replaces_id').references((): AnySQLiteColumn => receipts.id),
    /** A void: the receipt it voids. */
    voidsId: text('voids_id').references((): AnySQLiteColumn => receipts.id),
    chargeLines: integer('charge_lines').notNull().default(0),
    refundLines: integer('refund_lines').notNull().default(0),
    createdAt: createdAt(),
  },
  // The receipts of a reservation are one chain: one first receipt, each later one replacing one voided
  // receipt, each receipt voided at most once. Its last link is the driver's current receipt.
  (t) => [
    index('receipts_user_idx').on(t.userId, t.createdAt),
    index('receipts_reservation_idx').on(t.reservationId),
    index('receipts_monthly_pass_idx').on(t.monthlyPassId),
    // Partial only for the moment migrations/0022 added the columns, before it numbered the receipts.
    uniqueIndex('receipts_number_unique').on(t.number).where(sql`${t.seq} > 0`),
    uniqueIndex('receipts_series_unique').on(t.lotId, t.seq).where(sql`${t.seq} > 0`),
    uniqueIndex('receipts_first_unique').on(t.reservationId).where(sql`${t.kind} = 'RECEIPT' AND ${t.replacesId} IS NULL`),
    uniqueIndex('receipts_pass_first_unique').on(t.monthlyPassId).where(sql`${t.kind} = 'RECEIPT' AND ${t.replacesId} IS NULL`),
    uniqueIndex('receipts_replaces_unique').on(t.replacesId),
    uniqueIndex('receipts_voids_unique').on(t.voidsId),
    check('receipts_one_subject', sql`(${t.reservationId} IS NULL) <> (${t.monthlyPassId} IS NULL)`),
  ],
);

export const notifications = sqliteTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: integer('is_read', { mode: 'boolean' }).notNull().default(false),
    metadataJson: text('metadata_json'),
    createdAt: createdAt(),
  },
  // One index per notification list: the Unread filter's and the full list's, both newest first.
  (t) => [
    index('notifications_user_idx').on(t.userId, t.isRead, t.createdAt),
    index('notifications_user_time_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A browser's Web Push subscription (docs/notifications.md): one per browser and user. The endpoint is
 * the push service's address for that browser, so a browser another account signs in on moves with it.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for RFC 8291's encryption. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

export const earlyRegistrations = sqliteTable(
  'early_registrations',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    role: text('role', { enum: SIGNUP_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('early_registrations_email_unique').on(t.email)],
);

/** What the super admin reviews (pending → approved | rejected, once), shared by both approval queues. */
const reviewColumns = () => ({
  documentsJson: text('documents_json').notNull().default('[]'),
  notes: text('notes'),
  status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
  decisionReason: text('decision_reason'),
  decidedBy: text('decided_by').references(() => users.id),
  decidedAt: text('decided_at'),
  submittedAt: createdAt('submitted_at'),
});

export const ownerApplications = sqliteTable(
  'owner_applications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicantRole: text('applicant_role', { enum: OWNER_SIGNUP_ROLES }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** The papers the applicant files (PATCH /api/user/owner-application): the business, its permit and its BIR TIN. */
    businessName: text('business_name'),
    businessLicense: text('business_license'),
    taxId: text('tax_id'),
    ...reviewColumns(),
  },
  (t) => [index('owner_applications_status_idx').on(t.status, t.submittedAt)],
);

export const lotSubmissions = sqliteTable(
  'lot_submissions',
  {
    id: id(),
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    totalSlots: integer('total_slots').notNull(),
    accessibleSlots: integer('accessible_slots').notNull().default(0),
    evChargingSlots: integer('ev_charging_slots').notNull().default(0),
    hourlyRate: integer('hourly_rate').notNull(),
    ...reviewColumns(),
  },
  (t) => [index('lot_submissions_status_idx').on(t.status, t.submittedAt)],
);

/**
 * A change an owner asked for to an approved lot's public listing (its name, address, place and entrance), held
 * for the super admin: drivers see the approved values until it is approved (docs/owner.md). The
 * proposed listing is whole; a lot has at most one pending change, which a new request replaces.
 */
export const lotRevisions = sqliteTable(
  'lot_revisions',
  {
    id: id(),
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    address: text('address'),
    geoLat: real('geo_lat').notNull(),
    geoLng: real('geo_lng').notNull(),
    entranceLat: real('entrance_lat'),
    entranceLng: real('entrance_lng'),
    ...reviewColumns(),
  },
  (t) => [
    index('lot_revisions_status_idx').on(t.status, t.submittedAt),
    uniqueIndex('lot_revisions_one_pending').on(t.lotId).where(sql`${t.status} = 'pending'`),
  ],
);

export const attendantAssignments = sqliteTable(
  'attendant_assignments',
  {
    id: id(),
    attendantId: text('attendant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('attendant_assignments_unique').on(t.attendantId, t.lotId)],
);

/**
 * An owner's invitation to an existing account to work a lot's gate: it takes effect only when that
 * person accepts it in the app (docs/owner.md, Attendants). One pending invitation per person and lot.
 */
export const attendantInvitations = sqliteTable(
  'attendant_invitations',
  {
    id: id(),
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: text('decided_at'),
  },
  (t) => [
    index('attendant_invitations_user_idx').on(t.userId, t.status),
    uniqueIndex('attendant_invitations_one_pending').on(t.lotId, t.userId).where(sql`${t.status} = 'pending'`),
  ],
);

export const shifts = sqliteTable(
  'shifts',
  {
    id: id(),
    attendantId: text('attendant_id')
      .notNull()
      .references(() => users.id),
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id),
    startedAt: text('started_at').notNull(),
    endedAt: text('ended_at'),
    online: integer('online', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [
    index('shifts_attendant_idx').on(t.attendantId, t.startedAt),
    // One open shift per attendant and lot.
    uniqueIndex('shifts_open_unique').on(t.attendantId, t.lotId).where(sql`${t.endedAt} IS NULL`),
  ],
);

export const checkins = sqliteTable(
  'checkins',
  {
    id: id(),
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id),
    reservationId: text('reservation_id'),
    shiftId: text('shift_id').references(() => shifts.id),
    attendantId: text('attendant_id').references(() => users.id),
    plate: text('plate').notNull(),
    slotId: text('slot_id').references(() => slots.id),
    slotLabel: text('slot_label'),
    /** No reservation: a pay-as-you-go stay at the lot's rate. */
    walkIn: integer('walk_in', { mode: 'boolean' }).notNull().default(false),
    entryTs: text('entry_ts').notNull(),
    exitTs: text('exit_ts'),
    exitShiftId: text('exit_shift_id').references(() => shifts.id),
    exitAttendantId: text('exit_attendant_id').references(() => users.id),
    /** Charged at the exit (overstay, or a walk-in's whole stay), merchant validations deducted. */
    amountCents: integer('amount_cents'),
    /** What merchant validations took off the exit charge (docs/passes.md, "Merchant validations"). */
    validatedCents: integer('validated_cents').notNull().default(0),
    paidBy: text('paid_by', { enum: GATE_PAYMENT_METHODS }),
    /** Whose wallet paid the exit charge (the pay code's driver, or the reservation's): a refund goes back to it. */
    payerId: text('payer_id').references(() => users.id),
    lostTicket: integer('lost_ticket', { mode: 'boolean' }).notNull().default(false),
    override: integer('override', { mode: 'boolean' }).notNull().default(false),
    overrideReason: text('override_reason', { enum: OVERRIDE_REASONS }),
    exitOverrideReason: text('exit_override_reason', { enum: OVERRIDE_REASONS }),
    /** An entry reversed at the gate within minutes (audited); it no longer counts. */
    undoneAt: text('undone_at'),
    /** The monthly pass the plate held when it entered as a walk-in: its covered time is not charged at the exit. */
    monthlyPassId: text('monthly_pass_id').references((): AnySQLiteColumn => monthlyPasses.id),
    /** The lot's tag the driver tapped to enter, or to leave (docs/gate.md, Entrance tags): no attendant made that step. */
    tagId: text('tag_id').references((): AnySQLiteColumn => lotTags.id),
    exitTagId: text('exit_tag_id').references((): AnySQLiteColumn => lotTags.id),
    /**
     * The stay whose tap-declared exit the gate then saw leave later (docs/gate.md, A declared exit seen at
     * the gate): this row is that stay reopened, from its declared exit to the gate's, and charged for it.
     */
    reopenedFrom: text('reopened_from').references((): AnySQLiteColumn => checkins.id),
    /** The gate camera's read of the plate, when the plate came from it (docs/gate.md, Plate recognition): never the image. */
    plateReadText: text('plate_read_text'),
    plateReadConfidence: real('plate_read_confidence'),
    plateReadCorrected: integer('plate_read_corrected', { mode: 'boolean' }),
  },
  (t) => [
    index('checkins_lot_idx').on(t.lotId, t.entryTs),
    index('checkins_plate_idx').on(t.lotId, t.plate),
    // The walk-ins still inside, which the figures count from the records (the rollups hold the rest).
    index('checkins_inside_idx').on(t.lotId, t.entryTs).where(sql`${t.exitTs} IS NULL AND ${t.undoneAt} IS NULL`),
    // One open stay per reservation: a second check-in of the same pass is refused by the database too.
    uniqueIndex('checkins_open_reservation_unique').on(t.reservationId).where(sql`${t.exitTs} IS NULL AND ${t.undoneAt} IS NULL`),
    // A declared exit is seen at the gate once.
    uniqueIndex('checkins_reopened_from_unique').on(t.reopenedFrom).where(sql`${t.reopenedFrom} IS NOT NULL`),
    // A reservation's stays, closed ones included: what a receipt counts of its gate refunds when it is issued.
    // Its tail serves the figures' walk-ins nobody booked (reservation_id IS NULL, walk_in = 1, undone_at IS
    // NULL), a lot's by exit: without it the planner reads every walk-in of the owner's lots (docs/performance.md).
    index('checkins_reservation_idx').on(t.reservationId, t.walkIn, t.undoneAt, t.lotId, t.exitTs),
  ],
);

/**
 * A move of records out of D1 in progress (docs/gate.md, Where a stay lives): its row is written and
 * deleted inside the one batch that deletes the moved rows, so the rollups' delete triggers tell a move
 * (the figures keep counting the record) from a removal. Empty between batches.
 */
export const recordMoves = sqliteTable('record_moves', { kind: text('kind', { enum: ['stays'] }).primaryKey() });

/**
 * A lot's NFC/QR tags (docs/gate.md, Entrance tags): each holds a signed URL a driver taps to check in
 * at the entrance, or out at the exit. Revoked, its URL answers nothing; the row stays as the trace.
 */
export const lotTags = sqliteTable(
  'lot_tags',
  {
    id: id(),
    // A lot deleted before any stay (the only lot that may be) takes its tags with it.
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TAG_KINDS }).notNull(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    revokedAt: text('revoked_at'),
  },
  (t) => [index('lot_tags_lot_idx').on(t.lotId, t.createdAt)],
);

/**
 * Money an owner or the super admin paid back on a gate charge, the way it came (the wallet, or cash
 * at the lot), with the reason (docs/gate.md). A stay's refunds never add up to more than its charge.
 */
export const gateRefunds = sqliteTable(
  'gate_refunds',
  {
    id: id(),
    checkinId: text('checkin_id')
      .notNull()
      .references(() => checkins.id),
    amountCents: integer('amount_cents').notNull(),
    method: text('method', { enum: GATE_PAYMENT_METHODS }).notNull(),
    reason: text('reason').notNull(),
    refundedBy: text('refunded_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  // By time too: the figures read a window's refunds, then their stays (figures.data.ts).
  (t) => [index('gate_refunds_checkin_idx').on(t.checkinId), index('gate_refunds_created_idx').on(t.createdAt)],
);

/** Something an attendant reported at the gate; owners see it, the attendant resolves it. */
export const gateIssues = sqliteTable(
  'gate_issues',
  {
    id: id(),
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id),
    shiftId: text('shift_id').references(() => shifts.id),
    attendantId: text('attendant_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
    resolvedAt: text('resolved_at'),
    resolvedBy: text('resolved_by').references(() => users.id),
  },
  (t) => [index('gate_issues_lot_idx').on(t.lotId, t.createdAt)],
);

export const auditLogs = sqliteTable(
  'audit_logs',
  {
    id: id(),
    actorId: text('actor_id').references(() => users.id),
    actor: text('actor').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    subject: text('subject').notNull(),
    contextJson: text('context_json').notNull().default('{}'),
    timestamp: createdAt('timestamp'),
  },
  // The audit log is read newest first, whole or by one actor or one action (docs/admin.md).
  (t) => [
    index('audit_logs_ts_idx').on(t.timestamp),
    index('audit_logs_actor_idx').on(t.actorId, t.timestamp),
    index('audit_logs_action_idx').on(t.action, t.timestamp),
  ],
);

/**
 * A document an owner applicant uploaded; the file itself is the R2 object at `r2Key`. The object is
 * written first and the row second, so a row always has its file (docs/admin.md, Documents).
 */
export const ownerApplicationDocuments = sqliteTable(
  'owner_application_documents',
  {
    id: id(),
    applicationId: text('application_id')
      .notNull()
      .references(() => ownerApplications.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type', { enum: DOCUMENT_TYPES }).notNull(),
    size: integer('size').notNull(),
    r2Key: text('r2_key').notNull(),
    uploadedAt: createdAt('uploaded_at'),
    /** When the file was deleted under the retention period of a rejected application (docs/privacy.md); the row stays as the trace. */
    purgedAt: text('purged_at'),
  },
  (t) => [
    index('owner_application_documents_app_idx').on(t.applicationId, t.uploadedAt),
    uniqueIndex('owner_application_documents_key_unique').on(t.r2Key),
  ],
);

/** The first request each version of the worker served: uptime counts from it. */
export const deployments = sqliteTable('deployments', {
  versionId: text('version_id').primaryKey(),
  startedAt: text('started_at').notNull(),
});

/** Time-driven work that threw (a lot object's timers), recorded best-effort when it happens, for System Health. */
export const backgroundFailures = sqliteTable(
  'background_failures',
  {
    id: id(),
    job: text('job').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    failedAt: text('failed_at').notNull(),
  },
  (t) => [index('background_failures_at_idx').on(t.failedAt)],
);

/**
 * The platform settings the super admin changes (core/platform-settings.ts): at most one row; with
 * none, the defaults apply. Changes are audited (UPDATE_SETTINGS) in the same batch.
 */
export const platformSettings = sqliteTable(
  'platform_settings',
  {
    id: integer('id').primaryKey(),
    freeCancelMinutes: integer('free_cancel_minutes').notNull(),
    noShowGraceMinutes: integer('no_show_grace_minutes').notNull(),
    topupMaxCents: integer('topup_max_cents').notNull(),
    dailyTopupMaxCents: integer('daily_topup_max_cents').notNull(),
    /** The platform's commission on what it collects for owners, in hundredths of a percent. */
    commissionBasisPoints: integer('commission_basis_points').notNull().default(0),
    /** Owners and super admins must enrol a second factor; null: the environment's default (on outside development). */
    secondFactorRequired: integer('second_factor_required', { mode: 'boolean' }),
    updatedAt: text('updated_at').notNull(),
    updatedBy: text('updated_by').references(() => users.id),
  },
  (t) => [check('platform_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * A lot's statement of a closed Manila month, frozen on its first read after the month closed (or by
 * the daily Cron): never rewritten. Later changes to the month's money reach the owner as the next
 * frozen statement's adjustment (docs/owner.md, "Statements and payouts").
 */
export const ownerStatements = sqliteTable(
  'owner_statements',
  {
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    month: text('month').notNull(),
    bookingsCents: integer('bookings_cents').notNull(),
    extensionsCents: integer('extensions_cents').notNull(),
    overstaysCents: integer('overstays_cents').notNull(),
    walkInsCents: integer('walk_ins_cents').notNull(),
    monthlyPassesCents: integer('monthly_passes_cents').notNull().default(0),
    refundsCents: integer('refunds_cents').notNull(),
    collectedCents: integer('collected_cents').notNull(),
    commissionBasisPoints: integer('commission_basis_points').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    payableCents: integer('payable_cents').notNull(),
    cashCents: integer('cash_cents').notNull(),
    /** Merchant validations given at the lot's exits in the month: charged to the merchants, not to drivers. */
    validatedCents: integer('validated_cents').notNull().default(0),
    /** What earlier months' money is now less what their statements said. */
    adjustmentsCents: integer('adjustments_cents').notNull(),
    frozenAt: text('frozen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.month] }), index('owner_statements_owner_idx').on(t.ownerId, t.month)],
);

/** Money the super admin sent an owner for a closed month (bank or e-wallet transfer), audited. */
export const payouts = sqliteTable(
  'payouts',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    month: text('month').notNull(),
    amountCents: integer('amount_cents').notNull(),
    paidOn: text('paid_on').notNull(),
    reference: text('reference').notNull(),
    recordedBy: text('recorded_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('payouts_month_idx').on(t.month, t.ownerId), check('payouts_amount_positive', sql`${t.amountCents} > 0`)],
);

/**
 * A merchant at a lot (a shop, a restaurant, a cinema) that pays for its customers' parking with
 * validations (docs/passes.md, "Merchant validations"). Its cashier's merchant link is kept as the
 * SHA-256 of its token only; revoking it clears the hash, so the link stops working at once.
 */
export const merchants = sqliteTable(
  'merchants',
  {
    id: id(),
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The most this merchant's validations take off one stay, in all; null: no cap but the charge itself. */
    perStayCapCents: integer('per_stay_cap_cents'),
    linkHash: text('link_hash'),
    linkHours: integer('link_hours'),
    linkAmountCents: integer('link_amount_cents'),
    linkRevokedAt: text('link_revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('merchants_lot_idx').on(t.lotId, t.name), uniqueIndex('merchants_link_unique').on(t.linkHash)],
);

/**
 * One validation: a single-use code printed in a batch, or one a merchant's cashier gave on the
 * merchant link. It is redeemed on an open stay (`checkin_id`, by a conditional UPDATE that only
 * an unredeemed, unexpired one matches) and valued at that stay's exit, in the exit's batch.
 */
export const validations = sqliteTable(
  'validations',
  {
    id: id(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    source: text('source', { enum: VALIDATION_SOURCES }).notNull(),
    /** A printed code, `ABCDE-23456`; null for one given on the merchant link. */
    code: text('code'),
    batchId: text('batch_id'),
    hours: integer('hours'),
    amountCents: integer('amount_cents'),
    expiresAt: text('expires_at').notNull(),
    createdAt: createdAt(),
    checkinId: text('checkin_id').references(() => checkins.id),
    redeemedAt: text('redeemed_at'),
    redeemedBy: text('redeemed_by').references(() => users.id),
    /** What it took off the stay's charge, set at the exit (0 when the stay owed nothing). */
    valueCents: integer('value_cents'),
    valuedAt: text('valued_at'),
  },
  (t) => [
    uniqueIndex('validations_code_unique').on(t.code),
    index('validations_checkin_idx').on(t.checkinId),
    index('validations_batch_idx').on(t.merchantId, t.batchId),
    index('validations_lot_valued_idx').on(t.lotId, t.valuedAt),
    check('validations_one_worth', sql`(${t.hours} IS NULL) <> (${t.amountCents} IS NULL)`),
    check('validations_redeemed_on_a_stay', sql`(${t.redeemedAt} IS NULL) = (${t.checkinId} IS NULL)`),
  ],
);

/** A monthly pass a lot sells (docs/passes.md, "Monthly passes"): its price, valid hours and how many are on sale. */
export const passProducts = sqliteTable(
  'pass_products',
  {
    id: id(),
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Days of the week valid (bit d for getUTCDay() = d) and the Manila clock minutes [open, close) of each. */
    daysMask: integer('days_mask').notNull(),
    openMinute: integer('open_minute').notNull(),
    closeMinute: integer('close_minute').notNull(),
    /** Passes of this product valid at once, at most: a sale past it is refused inside its own insert. */
    quantity: integer('quantity').notNull(),
    paused: integer('paused', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('pass_products_lot_idx').on(t.lotId),
    check('pass_products_price_positive', sql`${t.priceCents} > 0`),
    check('pass_products_quantity_positive', sql`${t.quantity} > 0`),
    check('pass_products_hours', sql`${t.openMinute} >= 0 AND ${t.closeMinute} <= 1440 AND ${t.openMinute} < ${t.closeMinute}`),
  ],
);

/**
 * A pass sold: one plate's unreserved parking at a lot in the product's valid hours, for a period,
 * paid from the wallet in the same batch. The hours and price are the product's at the sale, so a
 * later change to the product never changes a pass sold.
 */
export const monthlyPasses = sqliteTable(
  'monthly_passes',
  {
    id: id(),
    productId: text('product_id')
      .notNull()
      .references(() => passProducts.id),
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    plate: text('plate').notNull(),
    vehicleType: text('vehicle_type', { enum: VEHICLE_TYPES }).notNull().default('car'),
    periodKind: text('period_kind', { enum: PERIOD_KINDS }).notNull(),
    validFrom: text('valid_from').notNull(),
    validUntil: text('valid_until').notNull(),
    daysMask: integer('days_mask').notNull(),
    openMinute: integer('open_minute').notNull(),
    closeMinute: integer('close_minute').notNull(),
    amountCents: integer('amount_cents').notNull(),
    autoRenew: integer('auto_renew', { mode: 'boolean' }).notNull().default(false),
    /** The pass this one renews (its next period), if it is a renewal. */
    renewsId: text('renews_id').references((): AnySQLiteColumn => monthlyPasses.id),
    /** What became of auto-renew: the next pass bought, or lapsed for want of funds or of a pass on sale. */
    renewal: text('renewal', { enum: ['renewed', 'lapsed'] }),
    /** When the driver was told this pass ends without renewing (once, a few days before). */
    endingNoticeAt: text('ending_notice_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('monthly_passes_lot_idx').on(t.lotId, t.validUntil),
    index('monthly_passes_product_idx').on(t.productId, t.validUntil),
    index('monthly_passes_plate_idx').on(t.lotId, t.plate, t.validUntil),
    index('monthly_passes_user_idx').on(t.userId, t.validUntil),
    // A pass is renewed once, whatever the concurrency of the daily run.
    uniqueIndex('monthly_passes_renewal_unique').on(t.renewsId),
    check('monthly_passes_amount_positive', sql`${t.amountCents} > 0`),
    check('monthly_passes_window', sql`${t.validUntil} > ${t.validFrom}`),
  ],
);

// ── Verified reviews (docs/reviews.md) ──────────────────────────────────────────────────────────

/**
 * A driver's review of one completed stay at a lot: a reservation, or a monthly pass period that ended
 * with a stay in it (exactly one of the two, each reviewed once). The lot's owner replies once (and
 * edits it); the super admin hides a reported review, which then counts for nothing, or keeps it.
 */
export const reviews = sqliteTable(
  'reviews',
  {
    id: id(),
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    reservationId: text('reservation_id'),
    monthlyPassId: text('monthly_pass_id').references(() => monthlyPasses.id),
    rating: integer('rating').notNull(),
    text: text('text'),
    createdAt: createdAt(),
    editedAt: text('edited_at'),
    replyText: text('reply_text'),
    replyBy: text('reply_by').references(() => users.id),
    repliedAt: text('replied_at'),
    replyEditedAt: text('reply_edited_at'),
    /** The super admin's last decision on its reports: hidden (left out of everything drivers see) or kept. */
    moderation: text('moderation', { enum: ['hidden', 'kept'] }),
    moderationReason: text('moderation_reason'),
    moderatedBy: text('moderated_by').references(() => users.id),
    moderatedAt: text('moderated_at'),
  },
  (t) => [
    // A lot's reviews, newest first: its page's list and the owner's.
    index('reviews_lot_idx').on(t.lotId, t.createdAt),
    index('reviews_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('reviews_reservation_unique').on(t.reservationId),
    uniqueIndex('reviews_monthly_pass_unique').on(t.monthlyPassId),
    check('reviews_one_stay', sql`(${t.reservationId} IS NULL) <> (${t.monthlyPassId} IS NULL)`),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** Someone signed in reported a review, once each; the super admin's decision closes the open reports. */
export const reviewReports = sqliteTable(
  'review_reports',
  {
    id: id(),
    reviewId: text('review_id')
      .notNull()
      .references(() => reviews.id),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    decidedAt: text('decided_at'),
  },
  (t) => [
    uniqueIndex('review_reports_once_unique').on(t.reviewId, t.reporterId),
    index('review_reports_open_idx').on(t.decidedAt, t.createdAt),
  ],
);

/**
 * Each lot's visible reviews counted by star: recounted from `reviews` in the batch of every change, so
 * search and the lot's page read a lot's rating as one row by its key.
 */
export const lotRatings = sqliteTable('lot_ratings', {
  lotId: text('lot_id').primaryKey(),
  stars5: integer('stars_5').notNull().default(0),
  stars4: integer('stars_4').notNull().default(0),
  stars3: integer('stars_3').notNull().default(0),
  stars2: integer('stars_2').notNull().default(0),
  stars1: integer('stars_1').notNull().default(0),
});

// Driver reports to a lot (docs/gate.md, Driver reports): the report, its photo's R2 key, and its thread.
export const lotIssues = sqliteTable(
  'lot_issues',
  {
    id: id(),
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id),
    reservationId: text('reservation_id'),
    category: text('category', { enum: LOT_ISSUE_CATEGORIES }).notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: LOT_ISSUE_STATUSES }).notNull().default('open'),
    /** The photo in the ISSUE_PHOTOS bucket; its key and its sniffed type. One per issue. */
    photoKey: text('photo_key'),
    photoType: text('photo_type', { enum: ISSUE_PHOTO_TYPES }),
    photoSize: integer('photo_size'),
    /** What the driver chose when their slot was taken (once). */
    remedy: text('remedy', { enum: SLOT_TAKEN_CHOICES }),
    createdAt: createdAt(),
    acknowledgedAt: text('acknowledged_at'),
    acknowledgedBy: text('acknowledged_by').references(() => users.id),
    resolvedAt: text('resolved_at'),
    resolvedBy: text('resolved_by').references(() => users.id),
  },
  (t) => [index('lot_issues_lot_idx').on(t.lotId, t.status, t.createdAt), index('lot_issues_reporter_idx').on(t.reporterId, t.createdAt)],
);

export const lotIssueMessages = sqliteTable(
  'lot_issue_messages',
  {
    id: id(),
    issueId: text('issue_id')
      .notNull()
      .references(() => lotIssues.id),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    /** Whether the author wrote as the lot's staff (else as the reporter). */
    fromStaff: integer('from_staff', { mode: 'boolean' }).notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lot_issue_messages_issue_idx').on(t.issueId, t.createdAt)],
);

/*
 * Support requests (docs/support.md): a person's request to Parkada support and its thread. They grow
 * with people, not with traffic per lot; answered ones are deleted after SUPPORT_RETENTION_MONTHS.
 */
export const supportRequests = sqliteTable(
  'support_requests',
  {
    id: id(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    category: text('category', { enum: SUPPORT_CATEGORIES }).notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: SUPPORT_STATUSES }).notNull().default('open'),
    /** The one attachment in the ISSUE_PHOTOS bucket (under `support/`), checked as a report's photo is. */
    attachmentKey: text('attachment_key'),
    attachmentType: text('attachment_type', { enum: ISSUE_PHOTO_TYPES }),
    attachmentSize: integer('attachment_size'),
    createdAt: createdAt(),
    lastMessageAt: text('last_message_at').notNull(),
    /** core/support.ts inboxKey: open first, then newest activity; the admin inbox's keyset. */
    inboxKey: text('inbox_key').notNull(),
  },
  (t) => [index('support_requests_author_idx').on(t.authorId, t.createdAt), index('support_requests_inbox_idx').on(t.inboxKey, t.id)],
);

export const supportMessages = sqliteTable(
  'support_messages',
  {
    id: id(),
    requestId: text('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    /** Whether a super admin wrote it, as Parkada support (else the request's author). */
    fromSupport: integer('from_support', { mode: 'boolean' }).notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_request_idx').on(t.requestId, t.createdAt)],
);

/*
 * Owner: price changes (issue 38). Every change of a lot's price, written in the batch of the change
 * itself (worker/pricing): the base rate (band null) or a band's applied rate, from and to, in
 * centavos. "Price changes and what followed" reads it beside the rollups (docs/owner.md).
 */
export const priceChanges = sqliteTable(
  'price_changes',
  {
    id: id(),
    lotId: text('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    band: text('band').$type<PriceBand>(),
    fromCents: integer('from_cents').notNull(),
    toCents: integer('to_cents').notNull(),
    changedAt: createdAt('changed_at'),
  },
  (t) => [index('price_changes_lot_idx').on(t.lotId, t.changedAt)],
);

// ── Rewards (issue 38: points that buy parking; docs/wallet.md, Rewards) ──

/**
 * A free-hour voucher bought with points: used once, within its expiry, at the lot the driver books.
 * Its use is a conditional UPDATE (`used_at IS NULL`, not expired) in the booking's own batch, so it
 * can never be spent twice; a cancelled booking with a refund gives it back (used_at cleared).
 */
export const rewardVouchers = sqliteTable(
  'reward_vouchers',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rewardId: text('reward_id').notNull(),
    /** The REWARD ledger row that paid for it in points. */
    transactionId: text('transaction_id').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    /** The booking it took an hour off, and that booking's lot. */
    reservationId: text('reservation_id'),
    lotId: text('lot_id').references(() => lots.id),
    /** What it took off, in centavos. */
    amountOffCents: integer('amount_off_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reward_vouchers_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('reward_vouchers_transaction_unique').on(t.transactionId),
    // One voucher per booking.
    uniqueIndex('reward_vouchers_reservation_unique').on(t.reservationId),
  ],
);

/**
 * An owner's signed webhook (docs/api.md, Webhooks): where their lots' events are posted and which.
 * The secret is kept as given to the owner, because the worker signs with it (docs/security.md).
 * `failures`: deliveries failed for good in a row; at WEBHOOK_PAUSE_AFTER it is paused (`pausedAt`).
 */
export const webhooks = sqliteTable(
  'webhooks',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events_json', { mode: 'json' }).$type<WebhookEventType[]>().notNull(),
    secret: text('secret').notNull(),
    failures: integer('failures').notNull().default(0),
    pausedAt: text('paused_at'),
    createdAt: createdAt(),
  },
  (t) => [index('webhooks_owner_idx').on(t.ownerId)],
);

/**
 * One event posted to one webhook, and how its attempts went: its body as signed and sent, so a resend
 * sends the same event. The last DELIVERIES_KEPT of a webhook are kept (docs/architecture.md, Scale).
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: id(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type', { enum: WEBHOOK_EVENTS }).notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The partner's last answer: its HTTP status, or why there was none (a timeout, a refused connection). */
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: text('last_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type Lot = typeof lots.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type TopupRefund = typeof topupRefunds.$inferSelect;
export type WalletTransaction = typeof walletTransactions.$inferSelect;
