/**
 * The retention periods of core/privacy.ts, applied by the daily Cron (docs/privacy.md, Retention):
 * sign-in records, early registrations and old notifications deleted, plates of ended stays masked
 * wherever they are written (the archived bookings' periods a page a run), rejected applicants' documents and resolved reports' photos deleted from
 * R2. Every step is safe to run again: what it already did, it finds no more.
 */
import { retentionCutoffs } from '../../core/privacy';
import { REPLAY_KEY_DAYS } from '../../core/scale';
import { DAY_MS } from '../../core/time';
import { maskPlate } from '../../core/vehicles';
import { maskArchivedPlatesClosedBefore } from '../archive/reservations-archive.service';
import { commit, type DB } from '../db/client';
import { deleteIdempotencyKeysBefore } from '../db/idempotency-keys';
import type { Bindings } from '../env';
import { maskMovedPlatesClosedBefore } from '../gate/stay-history.service';
import { deleteQuietRequests } from '../support/support.service';
import {
  deleteEarlyRegistrationsBefore,
  deleteNotificationsBefore,
  deleteEmailDeliveriesBefore,
  deleteSignInsBefore,
  documentsRejectedBefore,
  forgetPhotos,
  markDocumentsPurged,
  maskStatement,
  photosResolvedBefore,
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

/**
 * Deletes the files a page of rows names from R2, then has the rows forget them, until no page is left.
 * The file goes first and the row after, so a failure in between only leaves a row to try again
 * (R2's delete of a missing key succeeds).
 */
async function purgeFiles(
  bucket: R2Bucket,
  page: () => Promise<{ id: string; key: string }[]>,
  forget: (ids: string[]) => Promise<unknown>,
) {
  let purged = 0;
  for (;;) {
    const files = await page();
    if (files.length) {
      await bucket.delete(files.map((file) => file.key));
      await forget(files.map((file) => file.id));
    }
    purged += files.length;
    if (files.length < RETENTION_PAGE) return purged;
  }
}

/** Applies every retention period as of `now`; answers what each rule removed or masked. */
export async function applyRetention(env: Bindings, db: DB, now = Date.now()) {
  const cutoffs = retentionCutoffs(now);
  const plates: Record<string, number> = {};
  for (const place of PLATE_PLACES) plates[place.what] = await maskPlatesOf(db, place, cutoffs.closedStayPlates);
  plates['stays moved into the lots'] = await maskMovedPlatesClosedBefore(env, db, cutoffs.closedStayPlates, RETENTION_PAGE);
  plates['archived booking periods'] = await maskArchivedPlatesClosedBefore(
    { env, db },
    cutoffs.closedStayPlates,
    RETENTION_PAGE,
    new Date(now),
  );
  const purgedAt = new Date(now).toISOString();
  return {
    signIns: await deleteSignInsBefore(db, cutoffs.signIns),
    earlyRegistrations: await deleteEarlyRegistrationsBefore(db, cutoffs.earlyRegistrations),
    plates,
    notifications: await deleteNotificationsBefore(db, cutoffs.notifications),
    emailDeliveries: await deleteEmailDeliveriesBefore(db, cutoffs.notifications),
    replayKeys: await deleteIdempotencyKeysBefore(db, new Date(now - REPLAY_KEY_DAYS * DAY_MS).toISOString()),
    documents: await purgeFiles(
      env.DOCUMENTS,
      () => documentsRejectedBefore(db, cutoffs.rejectedDocuments),
      (ids) => markDocumentsPurged(db, ids, purgedAt),
    ),
    issuePhotos: await purgeFiles(
      env.ISSUE_PHOTOS,
      () => photosResolvedBefore(db, cutoffs.resolvedIssuePhotos),
      (ids) => forgetPhotos(db, ids),
    ),
    answeredSupportRequests: await deleteQuietRequests(env, db, cutoffs.answeredSupport),
  };
}
