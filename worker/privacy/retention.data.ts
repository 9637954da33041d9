/**
 * The records the retention periods reach (docs/privacy.md, Retention): what has outlived its period,
 * and the statements that delete it or mask it. Each read takes a page, so the Cron works in bounded steps.
 */
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { holdsSlot, RESERVATION_STATUSES } from '../../core/booking';
import { MASK_DOT } from '../../core/vehicles';
import type { DB } from '../db/client';
import {
  earlyRegistrations,
  emailDeliveries,
  lotIssues,
  notifications,
  ownerApplicationDocuments,
  ownerApplications,
  sessions,
} from '../db/schema';

export const RETENTION_PAGE = 100;

/** Sign-in records made before `before`: their sessions can no longer be live. Answers how many went. */
export async function deleteSignInsBefore(db: DB, before: string) {
  const { meta } = await db.delete(sessions).where(lt(sessions.createdAt, before));
  return meta.changes;
}

export async function deleteEarlyRegistrationsBefore(db: DB, before: string) {
  const { meta } = await db.delete(earlyRegistrations).where(lt(earlyRegistrations.createdAt, before));
  return meta.changes;
}

export async function deleteNotificationsBefore(db: DB, before: string) {
  const { meta } = await db.delete(notifications).where(lt(notifications.createdAt, before));
  return meta.changes;
}

/** The e-mails' delivery claims, kept as long as the notices (a receipt's claim keeps it sent once while its Queue may deliver it). */
export async function deleteEmailDeliveriesBefore(db: DB, before: string) {
  const { meta } = await db.delete(emailDeliveries).where(lt(emailDeliveries.claimedAt, before));
  return meta.changes;
}

const ENDED_BOOKINGS = JSON.stringify(RESERVATION_STATUSES.filter((status) => !holdsSlot(status)));

/** A plate an audit entry's context names at `path`, masked 13 months after the entry: the one update the audit log allows (migrations/0044). */
const auditPlace = (what: string, path: '$.plate' | '$.bookedPlate') => ({
  what,
  unmasked: (before: string) =>
    sql`SELECT id, json_extract(context_json, ${path}) AS plate FROM audit_logs
         WHERE timestamp < ${before} AND instr(json_extract(context_json, ${path}), ${MASK_DOT}) = 0`,
  mask: `UPDATE audit_logs SET context_json = json_set(context_json, '${path}', ?1) WHERE id = ?2`,
});

/**
 * Where a plate rests once its stay is over: the rows of each place still showing one in full that
 * ended before a moment, and how one row's plate is replaced by its masked form. A masked plate holds
 * MASK_DOT, so a row is masked once. The audit log and the passes allow this one update (migrations/0044).
 */
export const PLATE_PLACES = [
  {
    what: 'check-ins',
    unmasked: (before: string) =>
      sql`SELECT id, plate FROM checkins WHERE coalesce(exit_ts, undone_at) < ${before} AND instr(plate, ${MASK_DOT}) = 0`,
    mask: 'UPDATE checkins SET plate = ?1 WHERE id = ?2',
  },
  {
    what: 'camera reads',
    unmasked: (before: string) =>
      sql`SELECT id, plate_read_text AS plate FROM checkins
           WHERE coalesce(exit_ts, undone_at) < ${before} AND instr(plate_read_text, ${MASK_DOT}) = 0`,
    mask: 'UPDATE checkins SET plate_read_text = ?1 WHERE id = ?2',
  },
  {
    what: 'reservations',
    unmasked: (before: string) =>
      sql`SELECT id, vehicle_plate AS plate FROM reservations
           WHERE end_ts < ${before} AND status IN (SELECT value FROM json_each(${ENDED_BOOKINGS}))
             AND instr(vehicle_plate, ${MASK_DOT}) = 0`,
    mask: 'UPDATE reservations SET vehicle_plate = ?1 WHERE id = ?2',
  },
  {
    what: 'monthly passes',
    unmasked: (before: string) => sql`SELECT id, plate FROM monthly_passes WHERE valid_until < ${before} AND instr(plate, ${MASK_DOT}) = 0`,
    mask: 'UPDATE monthly_passes SET plate = ?1 WHERE id = ?2',
  },
  auditPlace('audit entries', '$.plate'),
  auditPlace('booked plates in audit entries', '$.bookedPlate'),
] as const;
export type PlatePlace = (typeof PLATE_PLACES)[number];

export const unmaskedPlates = (db: DB, place: PlatePlace, before: string) =>
  db.all<{ id: string; plate: string }>(sql`${place.unmasked(before)} LIMIT ${RETENTION_PAGE}`);

export const maskStatement = (db: DB, place: PlatePlace, id: string, masked: string) => db.$client.prepare(place.mask).bind(masked, id);

/** Documents of applications rejected before `before` whose files are still kept. */
export const documentsRejectedBefore = (db: DB, before: string) =>
  db
    .select({ id: ownerApplicationDocuments.id, key: ownerApplicationDocuments.r2Key })
    .from(ownerApplicationDocuments)
    .innerJoin(ownerApplications, eq(ownerApplications.id, ownerApplicationDocuments.applicationId))
    .where(
      and(eq(ownerApplications.status, 'rejected'), lt(ownerApplications.decidedAt, before), isNull(ownerApplicationDocuments.purgedAt)),
    )
    .limit(RETENTION_PAGE);

export const markDocumentsPurged = (db: DB, ids: string[], at: string) =>
  db.update(ownerApplicationDocuments).set({ purgedAt: at }).where(inArray(ownerApplicationDocuments.id, ids));

/** Photos of reports resolved before `before` still kept. */
export const photosResolvedBefore = (db: DB, before: string) =>
  db
    .select({ id: lotIssues.id, key: sql<string>`${lotIssues.photoKey}` })
    .from(lotIssues)
    .where(and(eq(lotIssues.status, 'resolved'), lt(lotIssues.resolvedAt, before), isNotNull(lotIssues.photoKey)))
    .limit(RETENTION_PAGE);

export const forgetPhotos = (db: DB, ids: string[]) =>
  db.update(lotIssues).set({ photoKey: null, photoType: null, photoSize: null }).where(inArray(lotIssues.id, ids));
