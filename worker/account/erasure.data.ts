/**
 * The records an account's deletion reads and writes (docs/privacy.md, Delete my account): what is
 * still open on it, the identity to erase, and the statements of the one D1 batch that erases it.
 */
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { ERASED_FIRST_NAME, ERASED_LAST_NAME, ERASED_TEXT, erasedEmail, type OpenItems } from '../../core/privacy';
import { maskPlate } from '../../core/vehicles';
import { statementOf, type DB } from '../db/client';
import {
  apiKeys,
  attendantAssignments,
  attendantInvitations,
  auditLogs,
  autoTopups,
  checkins,
  earlyRegistrations,
  emailDeliveries,
  passkeys,
  recoveryCodes,
  totpFactors,
  smsDeliveries,
  idempotencyKeys,
  lotIssueMessages,
  lotIssues,
  lots,
  monthlyPasses,
  notifications,
  ownerApplicationDocuments,
  ownerApplications,
  preferences,
  pushSubscriptions,
  webhooks,
  reservations,
  sessions,
  users,
  vehicles,
  verifications,
  wallets,
} from '../db/schema';
import type { StayRecord } from '../lot-object/protocol';

/** The password hash of a deleted account: no password verifies against it (worker/auth/password.ts). */
const ERASED_PASSWORD_HASH = 'erased';

const count = sql<number>`count(*)`;

/** The reservations not yet ended, passes in force, wallet balance and active lots of an account. */
export async function openItemsOf(db: DB, userId: string, now: Date): Promise<OpenItems & { walletId: string }> {
  const [[open], [passes], [wallet], [owned]] = await Promise.all([
    db
      .select({ n: count })
      .from(reservations)
      .where(and(eq(reservations.userId, userId), inArray(reservations.status, ['CONFIRMED', 'ACTIVE']))),
    db
      .select({ n: count })
      .from(monthlyPasses)
      .where(and(eq(monthlyPasses.userId, userId), gt(monthlyPasses.validUntil, now.toISOString()))),
    db.select({ id: wallets.id, balanceCents: wallets.balanceCents }).from(wallets).where(eq(wallets.userId, userId)),
    db
      .select({ n: count })
      .from(lots)
      .where(and(eq(lots.ownerId, userId), eq(lots.isActive, true))),
  ]);
  return { reservations: open.n, passesInForce: passes.n, balanceCents: wallet.balanceCents, activeLots: owned.n, walletId: wallet.id };
}

/** Who the person is, as their records spell it: what the erasure removes wherever it is written. */
export type Identity = {
  userId: string;
  email: string;
  name: string;
  phone: string | null;
  plates: string[];
  documentKeys: string[];
  /** The photos of the person's reports to lots (the ISSUE_PHOTOS bucket). */
  photoKeys: string[];
  /** Their stays moved out of D1 into their lots' objects (the service reads them): the audit entries and pay-code notices about them. */
  moved: MovedStays;
  /** Their bookings moved out of D1 to the archive: their stays and the audit entries about them are theirs too. */
  archivedReservationIds: string[];
};

/** A person's stays kept in their lots' objects, as D1's statements name them: their ids, and who paid them by pay code. */
type MovedStays = { stayIds: string[]; payerIds: string[] };

const movedStaysAs = (stays: StayRecord[]): MovedStays => ({
  stayIds: stays.map((stay) => stay.id),
  payerIds: stays.flatMap((stay) => stay.payerId ?? []),
});

/** The person's reservations and monthly passes, with their lots: where their stays moved out of D1 are kept. */
export async function stayOwnersOf(db: DB, userId: string) {
  const [booked, passes] = await Promise.all([
    db.select({ lotId: reservations.lotId, reservationId: reservations.id }).from(reservations).where(eq(reservations.userId, userId)),
    db.select({ lotId: monthlyPasses.lotId, passId: monthlyPasses.id }).from(monthlyPasses).where(eq(monthlyPasses.userId, userId)),
  ]);
  return [...booked, ...passes];
}

/**
 * Who the person is; `moved`: their stays kept in their lots' objects, and `archived`: their bookings in
 * the archive (docs/payments.md, Archive), whose plates are theirs too.
 */
export async function identityOf(
  db: DB,
  userId: string,
  moved: StayRecord[] = [],
  archived: { id: string; vehiclePlate: string | null }[] = [],
): Promise<Identity> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const archivedIds = archived.map((row) => row.id);
  const plates = await db.all<{ plate: string }>(sql`
    SELECT plate FROM vehicles WHERE user_id = ${userId}
    UNION SELECT vehicle_plate FROM reservations WHERE user_id = ${userId} AND vehicle_plate IS NOT NULL
    UNION SELECT plate FROM monthly_passes WHERE user_id = ${userId}
    UNION SELECT plate FROM checkins WHERE ${stayOf(userId, archivedIds)}
    UNION SELECT plate_read_text FROM checkins WHERE ${stayOf(userId, archivedIds)} AND plate_read_text IS NOT NULL`);
  const documents = await db
    .select({ key: ownerApplicationDocuments.r2Key })
    .from(ownerApplicationDocuments)
    .innerJoin(ownerApplications, eq(ownerApplications.id, ownerApplicationDocuments.applicationId))
    .where(eq(ownerApplications.userId, userId));
  const photos = await db
    .select({ key: lotIssues.photoKey })
    .from(lotIssues)
    .where(and(eq(lotIssues.reporterId, userId), sql`${lotIssues.photoKey} IS NOT NULL`));
  return {
    userId,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`,
    phone: user.phone,
    plates: [
      ...new Set([
        ...plates.map((row) => row.plate),
        ...moved.flatMap((stay) => [stay.plate, stay.plateReadText ?? []].flat()),
        ...archived.flatMap((row) => row.vehiclePlate ?? []),
      ]),
    ],
    documentKeys: documents.map((row) => row.key),
    photoKeys: photos.flatMap((row) => row.key ?? []),
    moved: movedStaysAs(moved),
    archivedReservationIds: archivedIds,
  };
}

const among = (ids: string[]) => sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;

/** The person's stays: check-ins of their reservations (`archivedIds`: those in the archive) and of their monthly passes. */
const stayOf = (userId: string, archivedIds: string[] = []) =>
  sql`(${checkins.reservationId} IN (SELECT id FROM reservations WHERE user_id = ${userId})
    OR ${checkins.reservationId} IN ${among(archivedIds)}
    OR ${checkins.monthlyPassId} IN (SELECT id FROM monthly_passes WHERE user_id = ${userId}))`;

/**
 * The audit entries about the person: acts by them, and acts on their account, application, reservations
 * (`archivedIds`: those in the archive) and stays (`movedStayIds`: those kept in their lots' objects).
 */
export const auditAbout = (userId: string, movedStayIds: string[] = [], archivedIds: string[] = []) =>
  or(
    eq(auditLogs.actorId, userId),
    sql`${auditLogs.subject} = 'user:' || ${userId}`,
    sql`${auditLogs.subject} IN (SELECT 'owner_application:' || id FROM owner_applications WHERE user_id = ${userId})`,
    sql`${auditLogs.subject} IN (SELECT 'reservation:' || id FROM reservations WHERE user_id = ${userId})`,
    sql`${auditLogs.subject} IN (SELECT 'reservation:' || value FROM ${among(archivedIds)})`,
    sql`${auditLogs.subject} IN (SELECT 'checkin:' || id FROM checkins WHERE ${stayOf(userId, archivedIds)})`,
    movedStayIds.length ? sql`${auditLogs.subject} IN (SELECT 'checkin:' || value FROM ${among(movedStayIds)})` : undefined,
  )!;

/**
 * Closes the account, only while nothing is open on it (the same checks as `openItemsOf`, inside the
 * UPDATE, so a booking or top-up that lands meanwhile makes it match nothing): follow it with
 * `abortUnlessChanged`. The wallet must be empty by then: a forfeit's debit goes before it in the batch.
 */
export const closeAccount = (db: DB, userId: string, nowIso: string) =>
  statementOf(
    db,
    db
      .update(users)
      .set({
        deletedAt: nowIso,
        email: erasedEmail(userId),
        firstName: ERASED_FIRST_NAME,
        lastName: ERASED_LAST_NAME,
        phone: null,
        profileImageUrl: null,
        passwordHash: ERASED_PASSWORD_HASH,
        mustChangePassword: false,
        passwordExpiresAt: null,
      })
      .where(
        and(
          eq(users.id, userId),
          sql`${users.deletedAt} IS NULL`,
          sql`NOT EXISTS (SELECT 1 FROM reservations WHERE user_id = ${userId} AND status IN ('CONFIRMED', 'ACTIVE'))`,
          sql`NOT EXISTS (SELECT 1 FROM monthly_passes WHERE user_id = ${userId} AND valid_until > ${nowIso})`,
          sql`NOT EXISTS (SELECT 1 FROM lots WHERE owner_id = ${userId} AND is_active = 1)`,
          sql`(SELECT balance_cents FROM wallets WHERE user_id = ${userId}) = 0`,
        ),
      ),
  );

/** A value as JSON spells it inside a string, which is how it appears in an audit entry's context. */
const asInJson = (value: string) => JSON.stringify(value).slice(1, -1);

/**
 * Everything after `closeAccount` in the erasure's batch: the person's own data goes, plates on the
 * records kept are masked, and the records kept for the law (reservations, stays, money, receipts,
 * audit) stay on the id, which no longer names anyone. `erasedActor`: how the audit trail names them now.
 */
export const erasureStatements = (db: DB, identity: Identity, walletId: string, erasedActor: string) => [
  ...ownDataDeletions(db, identity, walletId),
  ...applicationErasure(db, identity.userId),
  ...reportErasure(db, identity.userId),
  ...identity.plates.flatMap((plate) => plateMasks(db, identity, plate)),
  auditErasure(db, identity, erasedActor),
];

type Query = { toSQL(): { sql: string; params: unknown[] } };

/**
 * The person's own data: vehicles, preferences, notifications, push subscriptions, webhooks, auto top-up, replay
 * keys, gate assignments, early registration, links and codes still out, deliveries and second factors.
 */
function ownDataDeletions(db: DB, identity: Identity, walletId: string) {
  const { userId } = identity;
  const queries: Query[] = [
    db.delete(vehicles).where(eq(vehicles.userId, userId)),
    db.delete(preferences).where(eq(preferences.userId, userId)),
    db.delete(notifications).where(eq(notifications.userId, userId)),
    db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    db.delete(webhooks).where(eq(webhooks.ownerId, userId)),
    db.delete(autoTopups).where(eq(autoTopups.walletId, walletId)),
    db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId)),
    db.delete(attendantAssignments).where(eq(attendantAssignments.attendantId, userId)),
    db.delete(attendantInvitations).where(eq(attendantInvitations.userId, userId)),
    db.delete(earlyRegistrations).where(eq(earlyRegistrations.email, identity.email)),
    // Links still out (verification, reset) and phone codes are keyed by the address they went to; a change of e-mail's by the account too.
    db
      .delete(verifications)
      .where(
        or(
          eq(verifications.target, identity.email),
          eq(verifications.userId, userId),
          identity.phone ? eq(verifications.target, identity.phone) : undefined,
        ),
      ),
    db.delete(emailDeliveries).where(eq(emailDeliveries.userId, userId)),
    db.delete(totpFactors).where(eq(totpFactors.userId, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.delete(passkeys).where(eq(passkeys.userId, userId)),
    db.delete(apiKeys).where(eq(apiKeys.userId, userId)),
    db.delete(smsDeliveries).where(eq(smsDeliveries.userId, userId)),
  ];
  return queries.map((query) => statementOf(db, query));
}

/** An owner application's documents' rows go; the application stays, naming nobody. */
function applicationErasure(db: DB, userId: string) {
  const application = sql`(SELECT id FROM owner_applications WHERE user_id = ${userId})`;
  return [
    statementOf(db, db.delete(ownerApplicationDocuments).where(sql`${ownerApplicationDocuments.applicationId} IN ${application}`)),
    statementOf(
      db,
      db
        .update(ownerApplications)
        .set({
          name: `${ERASED_FIRST_NAME} ${ERASED_LAST_NAME}`,
          email: erasedEmail(userId),
          phone: null,
          businessLicense: null,
          taxId: null,
          documentsJson: '[]',
        })
        .where(eq(ownerApplications.userId, userId)),
    ),
  ];
}

/** Their reports to lots stay in the lots' history, without their words or photos; so do their messages in any report's thread. */
const reportErasure = (db: DB, userId: string) => [
  statementOf(
    db,
    db
      .update(lotIssues)
      .set({ text: ERASED_TEXT, photoKey: null, photoType: null, photoSize: null })
      .where(eq(lotIssues.reporterId, userId)),
  ),
  statementOf(db, db.update(lotIssueMessages).set({ text: ERASED_TEXT }).where(eq(lotIssueMessages.authorId, userId))),
];

/**
 * One of the person's plates (or a camera's read of one), masked on the reservations, stays, camera
 * reads and passes kept, and in the notices of whoever paid one of their stays with a pay code.
 */
const plateMasks = (db: DB, { userId, moved, archivedReservationIds }: Identity, plate: string) => {
  const masked = maskPlate(plate);
  const queries: Query[] = [
    db
      .update(reservations)
      .set({ vehiclePlate: masked })
      .where(and(eq(reservations.userId, userId), eq(reservations.vehiclePlate, plate))),
    db
      .update(checkins)
      .set({ plate: masked })
      .where(and(eq(checkins.plate, plate), stayOf(userId, archivedReservationIds))),
    db
      .update(checkins)
      .set({ plateReadText: masked })
      .where(and(eq(checkins.plateReadText, plate), stayOf(userId, archivedReservationIds))),
    db
      .update(monthlyPasses)
      .set({ plate: masked })
      .where(and(eq(monthlyPasses.userId, userId), eq(monthlyPasses.plate, plate))),
    db
      .update(notifications)
      .set({ message: sql`replace(${notifications.message}, ${plate}, ${masked})` })
      .where(
        and(
          or(
            sql`${notifications.userId} IN (SELECT payer_id FROM checkins WHERE ${stayOf(userId, archivedReservationIds)})`,
            sql`${notifications.userId} IN ${among(moved.payerIds)}`,
          ),
          sql`instr(${notifications.message}, ${plate}) > 0`,
        ),
      ),
  ];
  return queries.map((query) => statementOf(db, query));
};

/** The audit entries about the person keep their acts, with the person's name, address, phone and plates erased. */
function auditErasure(db: DB, identity: Identity, erasedActor: string) {
  const { userId } = identity;
  const words = [identity.email, identity.name, identity.phone, ...identity.plates].filter((word): word is string => Boolean(word));
  const erasedContext = words.reduce(
    (json, word) => sql`replace(${json}, ${asInJson(word)}, ${ERASED_TEXT})`,
    sql`${auditLogs.contextJson}`,
  );
  return statementOf(
    db,
    db
      .update(auditLogs)
      .set({
        actor: sql`CASE WHEN ${auditLogs.actorId} = ${userId} THEN ${erasedActor} ELSE ${auditLogs.actor} END`,
        contextJson: erasedContext,
      })
      .where(auditAbout(userId, identity.moved.stayIds, identity.archivedReservationIds)),
  );
}

/** How an erased person appears wherever a name and e-mail are shown. */
export const erasedIdentity = (userId: string) => ({
  firstName: ERASED_FIRST_NAME,
  lastName: ERASED_LAST_NAME,
  email: erasedEmail(userId),
});

/** The sign-in trail's devices: after every session has ended, its rows go too. */
export const forgetSessionsOf = (db: DB, userId: string) => db.delete(sessions).where(eq(sessions.userId, userId));
