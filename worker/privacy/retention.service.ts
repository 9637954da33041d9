/**
 * The retention periods of core/privacy.ts, applied by the daily Cron (docs/privacy.md, Retention):
 * sign-in records and early registrations deleted, plates of ended stays masked, rejected applicants'
 * documents deleted from R2. Every step is safe to run again: what it already did, it finds no more.
 */
import { retentionCutoffs } from '../../core/privacy';
import { maskPlate } from '../../core/vehicles';
import { commit, type DB } from '../db/client';
import type { Bindings } from '../env';
import {
  deleteEarlyRegistrationsBefore,
  deleteSignInsBefore,
  documentsRejectedBefore,
  markDocumentsPurged,
  maskStatement,
  PLATE_PLACES,
  RETENTION_PAGE,
  unmaskedPlates,
  type PlatePlace,
} from './retention.data';

/** Masks a place's plates page by page until none past the cutoff is left in full; answers how many. */
async function maskPlatesOf(db: DB, place: PlatePlace, before: string) {
  let masked = 0;
  for (;;) {
    const rows = await unmaskedPlates(db, place, before);
    if (rows.length)
      await commit(
        db,
        rows.map(({ id, plate }) => maskStatement(db, place, id, maskPlate(plate))),
      );
    masked += rows.length;
    if (rows.length < RETENTION_PAGE) return masked;
  }
}

/** The file goes first and the row is marked after, so a failure in between only leaves a row to try again. */
async function purgeRejectedDocuments(env: Bindings, db: DB, before: string, now: string) {
  let purged = 0;
  for (;;) {
    const docs = await documentsRejectedBefore(db, before);
    if (docs.length) {
      await env.DOCUMENTS.delete(docs.map((doc) => doc.r2Key));
      await markDocumentsPurged(
        db,
        docs.map((doc) => doc.id),
        now,
      );
    }
    purged += docs.length;
    if (docs.length < RETENTION_PAGE) return purged;
  }
}

/** Applies every retention period as of `now`; answers what each rule removed or masked. */
export async function applyRetention(env: Bindings, db: DB, now = Date.now()) {
  const cutoffs = retentionCutoffs(now);
  const plates: Record<string, number> = {};
  for (const place of PLATE_PLACES) plates[place.what] = await maskPlatesOf(db, place, cutoffs.closedStayPlates);
  return {
    signIns: await deleteSignInsBefore(db, cutoffs.signIns),
    earlyRegistrations: await deleteEarlyRegistrationsBefore(db, cutoffs.earlyRegistrations),
    plates,
    documents: await purgeRejectedDocuments(env, db, cutoffs.rejectedDocuments, new Date(now).toISOString()),
  };
}
