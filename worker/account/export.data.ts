/**
 * "Download my data" (docs/privacy.md): every record held about a person, by table. A record is
 * theirs when it names them (their id in a user column, their e-mail for an early registration) or
 * hangs off one that does (a stay of their reservation, a charge of it, a ledger row of their wallet).
 * Secrets are left out: password hashes, session keys, push keys and endpoints, file keys. Everyone
 * else the records mention is given by role only, and only the person's own plates whole
 * (`asTheirDownload`).
 */
import { and, eq, getTableColumns, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { asTheirDownload, EMAIL_ADDRESS_PATTERN, endpointHost, RECORD_ID_PATTERN, type MentionedPerson } from '../../core/privacy';
import type { DB } from '../db/client';
import { valuesIn } from '../db/values-in';
import {
  apiKeys,
  attendantAssignments,
  attendantInvitations,
  auditLogs,
  autoTopups,
  charges,
  checkins,
  earlyRegistrations,
  emailDeliveries,
  passkeys,
  recoveryCodes,
  totpFactors,
  smsDeliveries,
  gateIssues,
  gateRefunds,
  lotIssueMessages,
  lotIssues,
  lotRevisions,
  lotTags,
  lots,
  lotSubmissions,
  monthlyPasses,
  notifications,
  ownerApplicationDocuments,
  ownerApplications,
  ownerStatements,
  payments,
  payouts,
  preferences,
  pushSubscriptions,
  webhooks,
  receipts,
  rewardVouchers,
  reservations,
  reviewReports,
  reviews,
  sessions,
  shifts,
  topupRefunds,
  users,
  vehicles,
  wallets,
  verifications,
  walletTransactions,
  supportMessages,
  supportRequests,
} from '../db/schema';
import { eachStayOnce } from '../../core/stays';
import type { StayRecord } from '../lot-object/protocol';
import { auditAbout } from './erasure.data';

export type PersonalData = Record<string, Record<string, unknown>[]>;

/** Every column of a table but those named. */
function columnsWithout<T extends SQLiteTable, K extends keyof T['_']['columns']>(table: T, ...left: K[]) {
  const columns: Record<string, SQLiteColumn> = { ...getTableColumns(table) };
  for (const name of left) delete columns[name as string];
  return columns;
}

const rowsOf = (db: DB, table: SQLiteTable, where: SQL | undefined, columns: Record<string, SQLiteColumn> = getTableColumns(table)) =>
  db.select(columns).from(table).where(where) as Promise<Record<string, unknown>[]>;

const within = (column: SQLiteColumn, ids: string[]) => (ids.length > 0 ? inArray(column, ids) : sql`0`);

type Rows = Record<string, unknown>[];

/** Reads run at once, each answered under its table's name. */
async function readAll<T extends Record<string, Promise<Rows>>>(reads: T): Promise<{ [K in keyof T]: Rows }> {
  const entries = await Promise.all(Object.entries(reads).map(async ([table, rows]) => [table, await rows] as const));
  return Object.fromEntries(entries) as { [K in keyof T]: Rows };
}

type Person = typeof users.$inferSelect;

/**
 * The person's reservations per lot, in D1 and `archived`, and when the first was made: where their
 * archived charges are (docs/payments.md, Archive).
 */
export async function bookingsByLot(db: DB, userId: string, archived: { id: string; lotId: string; createdAt: string }[] = []) {
  const rows = await db.all<{ lotId: string; ids: string; from: string }>(sql`
    SELECT lot_id AS lotId, json_group_array(id) AS ids, min(created_at) AS "from" FROM reservations WHERE user_id = ${userId} GROUP BY lot_id`);
  const byLot = new Map(rows.map((row) => [row.lotId, { ...row, ids: JSON.parse(row.ids) as string[] }]));
  for (const { id, lotId, createdAt } of archived) {
    const lot = byLot.get(lotId) ?? { lotId, ids: [], from: createdAt };
    byLot.set(lotId, { lotId, ids: [...lot.ids, id], from: [createdAt, lot.from].sort()[0] });
  }
  return [...byLot.values()];
}

/**
 * What the service read beyond D1: the person's stays moved into their lots' objects, and their
 * charges and bookings read back from the archive.
 */
export type RecordsElsewhere = { movedStays: StayRecord[]; archivedCharges: Rows; archivedReservations: Rows };

/** Everything held about the user, keyed by the table it is kept in, with what the service read beyond D1. */
export async function personalDataOf(
  db: DB,
  userId: string,
  elsewhere: RecordsElsewhere = { movedStays: [], archivedCharges: [], archivedReservations: [] },
): Promise<PersonalData> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const { passwordHash: _secret, ...profile } = user;
  const [account, parking, money, owner] = await Promise.all([
    accountRecordsOf(db, user, elsewhere),
    parkingRecordsOf(db, userId, elsewhere),
    moneyRecordsOf(db, userId),
    ownerRecordsOf(db, userId),
  ]);
  const data = { users: [profile], ...account, ...parking, ...money, ...owner };
  // Their plates: of their vehicles, bookings and passes. A stay's plate is not one: an override may
  // have let another car in on their booking.
  const plates = [...data.vehicles, ...data.reservations, ...data.monthly_passes].map(
    (row) => (row.plate ?? row.vehiclePlate) as string | null,
  );
  const emails = [user.email, ...data.verifications.map((row) => row.target as string)];
  return asTheirDownload(data, { emails, plates: plates.filter((plate) => plate !== null) }, await othersMentionedIn(db, data, userId));
}

/** Everyone but the person whom their records mention, by id or by e-mail address, with their role. */
function othersMentionedIn(db: DB, data: PersonalData, userId: string): Promise<MentionedPerson[]> {
  const text = JSON.stringify(data);
  const ids = new Set(text.match(RECORD_ID_PATTERN));
  const emails = new Set(text.match(EMAIL_ADDRESS_PATTERN)?.map((email) => email.toLowerCase()));
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(and(ne(users.id, userId), or(valuesIn(users.id, ids), valuesIn(users.email, emails))));
}

/** The account itself: sign-ins, vehicles, preferences, what was sent to them, and their second factor. */
async function accountRecordsOf(db: DB, user: Person, { movedStays: moved, archivedReservations }: RecordsElsewhere) {
  const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
  return {
    ...(await readAll({
      sessions: rowsOf(db, sessions, eq(sessions.userId, user.id), columnsWithout(sessions, 'id')),
      vehicles: rowsOf(db, vehicles, eq(vehicles.userId, user.id)),
      preferences: rowsOf(db, preferences, eq(preferences.userId, user.id)),
      notifications: rowsOf(db, notifications, eq(notifications.userId, user.id)),
      email_deliveries: rowsOf(db, emailDeliveries, eq(emailDeliveries.userId, user.id)),
      sms_deliveries: rowsOf(db, smsDeliveries, eq(smsDeliveries.userId, user.id)),
      // Links still out to the person's address, or acting for them (a change of e-mail); never a token's hash.
      verifications: rowsOf(
        db,
        verifications,
        or(
          eq(verifications.target, user.email),
          eq(verifications.userId, user.id),
          user.phone ? eq(verifications.target, user.phone) : undefined,
        ),
        columnsWithout(verifications, 'tokenHash'),
      ),
      // The second factor: that it is there and when, never its secret, a code's hash or a key.
      totp_factors: rowsOf(db, totpFactors, eq(totpFactors.userId, user.id), columnsWithout(totpFactors, 'encryptedSecret')),
      recovery_codes: rowsOf(db, recoveryCodes, eq(recoveryCodes.userId, user.id), columnsWithout(recoveryCodes, 'codeHash')),
      passkeys: rowsOf(db, passkeys, eq(passkeys.userId, user.id), columnsWithout(passkeys, 'publicKey')),
      // The API keys: their names, scopes and use, never a key's hash (docs/api.md).
      api_keys: rowsOf(db, apiKeys, eq(apiKeys.userId, user.id), columnsWithout(apiKeys, 'keyHash')),
      // An owner's webhooks (docs/api.md, Webhooks): where and what, never the secret.
      webhooks: rowsOf(db, webhooks, eq(webhooks.ownerId, user.id), columnsWithout(webhooks, 'secret')),
      early_registrations: rowsOf(db, earlyRegistrations, eq(earlyRegistrations.email, user.email)),
      // What they asked Parkada support, and the whole thread of each request (docs/support.md).
      support_requests: rowsOf(db, supportRequests, eq(supportRequests.authorId, user.id)),
      support_messages: rowsOf(
        db,
        supportMessages,
        inArray(
          supportMessages.requestId,
          db.select({ id: supportRequests.id }).from(supportRequests).where(eq(supportRequests.authorId, user.id)),
        ),
      ),
      audit_logs: rowsOf(
        db,
        auditLogs,
        auditAbout(
          user.id,
          moved.map((stay) => stay.id),
          archivedReservations.map((row) => row.id as string),
        ),
      ),
    })),
    push_subscriptions: subscriptions.map((row) => ({ id: row.id, endpointHost: endpointHost(row.endpoint), createdAt: row.createdAt })),
  };
}

/** Parking: reservations and passes, their stays, what was charged or refunded at the gate, and their reviews. */
async function parkingRecordsOf(db: DB, userId: string, { movedStays, archivedCharges, archivedReservations }: RecordsElsewhere) {
  const [reservationsInD1, passes] = await Promise.all([
    rowsOf(db, reservations, eq(reservations.userId, userId)),
    rowsOf(db, monthlyPasses, eq(monthlyPasses.userId, userId)),
  ]);
  // A booking caught between the two writes of a move is in both: once here, as D1 holds it.
  const ownReservations = [...new Map([...archivedReservations, ...reservationsInD1].map((row) => [row.id, row])).values()];
  const reservationIds = ownReservations.map((row) => row.id as string);
  const passIds = passes.map((row) => row.id as string);
  const staysInD1 = await rowsOf(db, checkins, or(within(checkins.reservationId, reservationIds), within(checkins.monthlyPassId, passIds)));
  const stays = eachStayOnce(staysInD1 as StayRecord[], movedStays) as Rows;
  const stayIds = stays.map((row) => row.id as string);
  // A charge caught between the two writes of a move is in both: once here.
  const archivedIds = new Set(archivedCharges.map((row) => row.id));
  const inD1 = (rows: Rows) => rows.filter((row) => !archivedIds.has(row.id));
  return {
    reservations: ownReservations,
    monthly_passes: passes,
    checkins: stays,
    ...(await readAll({
      charges: rowsOf(db, charges, within(charges.reservationId, reservationIds)).then((rows) => [...archivedCharges, ...inD1(rows)]),
      gate_refunds: rowsOf(db, gateRefunds, within(gateRefunds.checkinId, stayIds)),
      // Their reviews of their stays and the reviews they reported (docs/reviews.md).
      reviews: rowsOf(db, reviews, eq(reviews.userId, userId)),
      review_reports: rowsOf(db, reviewReports, eq(reviewReports.reporterId, userId)),
      // Reports the person made to a lot, and what they wrote in any report's thread (a photo's key names its file).
      lot_issues: rowsOf(db, lotIssues, eq(lotIssues.reporterId, userId)),
      lot_issue_messages: rowsOf(db, lotIssueMessages, eq(lotIssueMessages.authorId, userId)),
    })),
  };
}

/** Money: the wallet and its ledger, top-ups and their refunds, the auto top-up, receipts and reward vouchers. */
async function moneyRecordsOf(db: DB, userId: string) {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  return {
    wallets: [wallet],
    ...(await readAll({
      wallet_transactions: rowsOf(db, walletTransactions, eq(walletTransactions.walletId, wallet.id)),
      payments: rowsOf(db, payments, eq(payments.userId, userId)),
      topup_refunds: rowsOf(db, topupRefunds, eq(topupRefunds.walletId, wallet.id)),
      auto_topups: rowsOf(db, autoTopups, eq(autoTopups.walletId, wallet.id)),
      receipts: rowsOf(db, receipts, eq(receipts.userId, userId)),
      reward_vouchers: rowsOf(db, rewardVouchers, eq(rewardVouchers.userId, userId)),
    })),
  };
}

/** An owner's application, lots, statements and payouts; an attendant's assignments, shifts and gate issues. */
async function ownerRecordsOf(db: DB, userId: string) {
  const applications = await rowsOf(db, ownerApplications, eq(ownerApplications.userId, userId));
  const applicationIds = applications.map((row) => row.id as string);
  return {
    owner_applications: applications,
    ...(await readAll({
      owner_application_documents: rowsOf(
        db,
        ownerApplicationDocuments,
        within(ownerApplicationDocuments.applicationId, applicationIds),
        columnsWithout(ownerApplicationDocuments, 'r2Key'),
      ),
      lots: rowsOf(db, lots, eq(lots.ownerId, userId)),
      lot_submissions: rowsOf(db, lotSubmissions, eq(lotSubmissions.ownerId, userId)),
      lot_revisions: rowsOf(db, lotRevisions, eq(lotRevisions.ownerId, userId)),
      // The tags the person made for a lot; the token is never stored, only signed anew from the id.
      lot_tags: rowsOf(db, lotTags, eq(lotTags.createdBy, userId)),
      owner_statements: rowsOf(db, ownerStatements, eq(ownerStatements.ownerId, userId)),
      payouts: rowsOf(db, payouts, eq(payouts.ownerId, userId)),
      attendant_assignments: rowsOf(db, attendantAssignments, eq(attendantAssignments.attendantId, userId)),
      attendant_invitations: rowsOf(db, attendantInvitations, eq(attendantInvitations.userId, userId)),
      shifts: rowsOf(db, shifts, eq(shifts.attendantId, userId)),
      gate_issues: rowsOf(db, gateIssues, eq(gateIssues.attendantId, userId)),
    })),
  };
}
