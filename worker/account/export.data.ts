/**
 * "Download my data" (docs/privacy.md): every record held about a person, by table. A record is
 * theirs when it names them (their id in a user column, their e-mail for an early registration) or
 * hangs off one that does (a stay of their reservation, a charge of it, a ledger row of their wallet).
 * Secrets are left out: password hashes, session keys, push keys and endpoints, file keys.
 */
import { eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { endpointHost } from '../../core/privacy';
import type { DB } from '../db/client';
import {
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
  lotRevisions,
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
  receipts,
  reservations,
  sessions,
  shifts,
  topupRefunds,
  users,
  vehicles,
  wallets,
  verifications,
  walletTransactions,
} from '../db/schema';
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

/** Everything held about the user, keyed by the table it is kept in. */
export async function personalDataOf(db: DB, userId: string): Promise<PersonalData> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  const ownReservations = await rowsOf(db, reservations, eq(reservations.userId, userId));
  const passes = await rowsOf(db, monthlyPasses, eq(monthlyPasses.userId, userId));
  const reservationIds = ownReservations.map((row) => row.id as string);
  const stays = await rowsOf(
    db,
    checkins,
    or(
      within(checkins.reservationId, reservationIds),
      within(
        checkins.monthlyPassId,
        passes.map((row) => row.id as string),
      ),
    ),
  );
  const applications = await rowsOf(db, ownerApplications, eq(ownerApplications.userId, userId));
  const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const [
    ownSessions,
    ownVehicles,
    ownPreferences,
    ownCharges,
    refunds,
    ledger,
    topups,
    topupRefundRows,
    autoTopup,
    ownReceipts,
    ownNotifications,
    earlyRegistration,
    documents,
    audit,
    ownedLots,
    submissions,
    revisions,
    statements,
    ownPayouts,
    assignments,
    invitations,
    ownShifts,
    issues,
    emails,
    texts,
    links,
    apps,
    codes,
    ownPasskeys,
  ] = await Promise.all([
    rowsOf(db, sessions, eq(sessions.userId, userId), columnsWithout(sessions, 'id')),
    rowsOf(db, vehicles, eq(vehicles.userId, userId)),
    rowsOf(db, preferences, eq(preferences.userId, userId)),
    rowsOf(db, charges, within(charges.reservationId, reservationIds)),
    rowsOf(
      db,
      gateRefunds,
      within(
        gateRefunds.checkinId,
        stays.map((row) => row.id as string),
      ),
    ),
    rowsOf(db, walletTransactions, eq(walletTransactions.walletId, wallet.id)),
    rowsOf(db, payments, eq(payments.userId, userId)),
    rowsOf(db, topupRefunds, eq(topupRefunds.walletId, wallet.id)),
    rowsOf(db, autoTopups, eq(autoTopups.walletId, wallet.id)),
    rowsOf(db, receipts, eq(receipts.userId, userId)),
    rowsOf(db, notifications, eq(notifications.userId, userId)),
    rowsOf(db, earlyRegistrations, eq(earlyRegistrations.email, user.email)),
    rowsOf(
      db,
      ownerApplicationDocuments,
      within(
        ownerApplicationDocuments.applicationId,
        applications.map((row) => row.id as string),
      ),
      columnsWithout(ownerApplicationDocuments, 'r2Key'),
    ),
    rowsOf(db, auditLogs, auditAbout(userId)),
    rowsOf(db, lots, eq(lots.ownerId, userId)),
    rowsOf(db, lotSubmissions, eq(lotSubmissions.ownerId, userId)),
    rowsOf(db, lotRevisions, eq(lotRevisions.ownerId, userId)),
    rowsOf(db, ownerStatements, eq(ownerStatements.ownerId, userId)),
    rowsOf(db, payouts, eq(payouts.ownerId, userId)),
    rowsOf(db, attendantAssignments, eq(attendantAssignments.attendantId, userId)),
    rowsOf(db, attendantInvitations, eq(attendantInvitations.userId, userId)),
    rowsOf(db, shifts, eq(shifts.attendantId, userId)),
    rowsOf(db, gateIssues, eq(gateIssues.attendantId, userId)),
    rowsOf(db, emailDeliveries, eq(emailDeliveries.userId, userId)),
    rowsOf(db, smsDeliveries, eq(smsDeliveries.userId, userId)),
    // Links still out to the person's address, or acting for them (a change of e-mail); never a token's hash.
    rowsOf(
      db,
      verifications,
      or(
        eq(verifications.target, user.email),
        eq(verifications.userId, userId),
        user.phone ? eq(verifications.target, user.phone) : undefined,
      ),
      columnsWithout(verifications, 'tokenHash'),
    ),
    // The second factor: that it is there and when, never its secret, a code's hash or a key.
    rowsOf(db, totpFactors, eq(totpFactors.userId, userId), columnsWithout(totpFactors, 'encryptedSecret')),
    rowsOf(db, recoveryCodes, eq(recoveryCodes.userId, userId), columnsWithout(recoveryCodes, 'codeHash')),
    rowsOf(db, passkeys, eq(passkeys.userId, userId), columnsWithout(passkeys, 'publicKey')),
  ]);
  const { passwordHash: _secret, ...profile } = user;
  return {
    users: [profile],
    sessions: ownSessions,
    vehicles: ownVehicles,
    preferences: ownPreferences,
    reservations: ownReservations,
    checkins: stays,
    charges: ownCharges,
    gate_refunds: refunds,
    wallets: [wallet],
    wallet_transactions: ledger,
    payments: topups,
    topup_refunds: topupRefundRows,
    auto_topups: autoTopup,
    receipts: ownReceipts,
    monthly_passes: passes,
    notifications: ownNotifications,
    email_deliveries: emails,
    totp_factors: apps,
    recovery_codes: codes,
    passkeys: ownPasskeys,
    sms_deliveries: texts,
    push_subscriptions: subscriptions.map((row) => ({ id: row.id, endpointHost: endpointHost(row.endpoint), createdAt: row.createdAt })),
    early_registrations: earlyRegistration,
    owner_applications: applications,
    owner_application_documents: documents,
    audit_logs: audit,
    lots: ownedLots,
    lot_submissions: submissions,
    lot_revisions: revisions,
    owner_statements: statements,
    payouts: ownPayouts,
    attendant_assignments: assignments,
    attendant_invitations: invitations,
    shifts: ownShifts,
    gate_issues: issues,
    verifications: links,
  };
}
