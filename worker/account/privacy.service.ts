/**
 * The Data Privacy Act's rights of access and erasure (docs/privacy.md): "Download my data" and
 * "Delete my account".
 */
import { strToU8, zipSync } from 'fflate';
import { inert, toCsv } from '../../core/csv';
import { openItemsRefusal, type deleteAccountSchema } from '../../core/privacy';
import { refusal } from '../../core/refusal';
import type { z } from 'zod';
import { actorLabel, auditStatement } from '../audit/audit.data';
import { confirmIdentity, endAllSessions, requireRecentSecondFactor, takeExportAttempt, type RequestScope } from '../auth/auth.service';
import { commit } from '../db/client';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import type { SessionUser } from '../env';
import { isLastActiveAdmin } from '../users/users.data';
import { ledgerFailure, ledgerInsert } from '../payments/ledger.statements';
import { archivedChargesOf } from '../archive/charges-archive.service';
import { archivedReservationsOfDriver, maskArchivedPlatesOf } from '../archive/reservations-archive.service';
import { bookingsByLot, personalDataOf, type PersonalData } from './export.data';

/** A deleted account's browser is signed out: its session cookie goes with the answer. */
export { signedOut } from '../auth/auth.service';
import { closeAccount, erasedIdentity, erasureStatements, forgetSessionsOf, identityOf, openItemsOf, stayOwnersOf } from './erasure.data';
import { maskMovedPlates, movedStaysOf } from '../gate/stay-history.service';

/** Their bookings in the archive, as owners of stays kept in their lots' objects. */
const stayOwnersIn = (archived: { lotId: string; id: string }[]) => archived.map(({ lotId, id }) => ({ lotId, reservationId: id }));

const CHANGED_MEANWHILE = 'Something on your account changed meanwhile (a booking, a payment or a top-up). Please try again.';

/**
 * Closes the account at once and erases the person's identity, in one D1 batch, once they gave a recent
 * second factor (when the account has one) and their password; refused while anything is open on it.
 * Every session then ends, their devices are forgotten and their documents deleted.
 */
export async function deleteAccount(
  scope: RequestScope,
  user: SessionUser,
  input: z.output<typeof deleteAccountSchema>,
  ip: string,
  now = new Date(),
) {
  const { env } = scope;
  const { db } = scope.var;
  await requireRecentSecondFactor(scope, user, now.getTime());
  await confirmIdentity(env, db, user, input.password, ip);
  const { walletId, ...open } = await openItemsOf(db, user.id, now);
  const refused = openItemsRefusal(open, input.forfeitBalance === true);
  if (refused) throw refusal('conflict', refused, { open });
  if (user.role === 'super_admin' && (await isLastActiveAdmin(db, user.id)))
    throw refusal('conflict', 'You are the last active super admin: make another account super admin before deleting yours.');
  const archived = await archivedReservationsOfDriver({ env, db }, user.id);
  const moved = await movedStaysOf(env, [...(await stayOwnersOf(db, user.id)), ...stayOwnersIn(archived)]);
  const identity = await identityOf(db, user.id, moved, archived);
  const erased = erasedIdentity(user.id);
  const forfeit =
    open.balanceCents > 0
      ? [
          ledgerInsert(db, {
            walletId,
            type: 'DEBIT',
            amountCents: -open.balanceCents,
            description: 'Balance given up on deleting the account',
          }),
        ]
      : [];
  // The stays kept in the lots' objects and the bookings in the archive first: a failure there stops the
  // erasure before anything changed in D1. One refused after (something opened meanwhile) leaves old stays' plates masked, as the retention would.
  await maskMovedPlates(env, moved);
  await maskArchivedPlatesOf({ env, db }, user.id, now);
  try {
    await commit(db, [
      ...forfeit,
      closeAccount(db, user.id, now.toISOString()),
      abortUnlessChanged(db),
      ...erasureStatements(db, identity, walletId, actorLabel(erased)),
      auditStatement(
        db,
        { ...user, ...erased },
        { action: 'DELETE_ACCOUNT', subject: `user:${user.id}`, context: { forfeitedCents: open.balanceCents } },
      ),
    ]);
  } catch (error) {
    if (changedMeanwhile(error) || ledgerFailure(error) === 'insufficient_funds') throw refusal('conflict', CHANGED_MEANWHILE);
    throw error;
  }
  // The account is closed already (no session of it resolves); these tidy what the batch could not reach.
  await endAllSessions(env.SESSIONS, db, user.id, now.getTime());
  await forgetSessionsOf(db, user.id);
  if (identity.documentKeys.length > 0) await env.DOCUMENTS.delete(identity.documentKeys);
  if (identity.photoKeys.length > 0) await env.ISSUE_PHOTOS.delete(identity.photoKeys);
}

/** A table's rows as a spreadsheet: one column per field, free text made formula-safe. */
function tableCsv(rows: Record<string, unknown>[]) {
  if (rows.length === 0) return '';
  const fields = Object.keys(rows[0]);
  const cell = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'number' ? value : inert(String(value)));
  return toCsv([fields, ...rows.map((row) => fields.map((field) => cell(row[field])))]);
}

/** The zip of "Download my data": `parkada-data.json` with everything by table, and one CSV per table. */
function dataArchive(data: PersonalData): Uint8Array<ArrayBuffer> {
  const files: Record<string, Uint8Array> = { 'parkada-data.json': strToU8(JSON.stringify(data, null, 2)) };
  for (const [table, rows] of Object.entries(data)) files[`${table}.csv`] = strToU8(tableCsv(rows));
  // fflate writes into a fresh ArrayBuffer of its own; the type says so for the Response body.
  return zipSync(files) as Uint8Array<ArrayBuffer>;
}

/** Everything held about the signed-in person, as the zip they download (a recent second factor first, when the account has one). */
export async function exportAccount(scope: RequestScope, user: SessionUser) {
  await requireRecentSecondFactor(scope, user);
  await takeExportAttempt(scope.env, user.id);
  const ctx = { env: scope.env, db: scope.var.db };
  const now = new Date().toISOString();
  // Their bookings moved to the archive name their stays and charges too (docs/payments.md, Archive).
  const archivedReservations = await archivedReservationsOfDriver(ctx, user.id);
  const [movedStays, archived] = await Promise.all([
    stayOwnersOf(ctx.db, user.id).then((owners) => movedStaysOf(scope.env, [...owners, ...stayOwnersIn(archivedReservations)])),
    bookingsByLot(ctx.db, user.id, archivedReservations).then((lots) =>
      Promise.all(lots.map(({ lotId, ids, from }) => archivedChargesOf(ctx, lotId, ids, { from, to: now }))),
    ),
  ]);
  return dataArchive(await personalDataOf(ctx.db, user.id, { movedStays, archivedCharges: archived.flat(), archivedReservations }));
}
