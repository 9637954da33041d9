/** A lot's submissions to the super admin, every one kept: the history of decisions and a rejected lot sent back for review. */
import { desc, inArray, sql } from 'drizzle-orm';
import { DEFAULT_RATE_CENTS } from '../../core/money';
import { sqlStatement, type DB } from '../db/client';
import { lotSubmissions } from '../db/schema';

/** Every submission of the lots, newest first: what was sent, when, and what the super admin decided and why. */
export const submissionsOfLots = (db: DB, lotIds: string[]) =>
  lotIds.length
    ? db
        .select({
          id: lotSubmissions.id,
          lotId: lotSubmissions.lotId,
          status: lotSubmissions.status,
          notes: lotSubmissions.notes,
          decisionReason: lotSubmissions.decisionReason,
          decidedAt: lotSubmissions.decidedAt,
          submittedAt: lotSubmissions.submittedAt,
          totalSlots: lotSubmissions.totalSlots,
          hourlyRate: lotSubmissions.hourlyRate,
        })
        .from(lotSubmissions)
        .where(inArray(lotSubmissions.lotId, lotIds))
        .orderBy(desc(lotSubmissions.submittedAt), desc(lotSubmissions.id))
    : Promise.resolve([]);
export type SubmissionRecord = Awaited<ReturnType<typeof submissionsOfLots>>[number];

/**
 * A new pending submission of the lot as it is now (its active slots, its base rate, the documents
 * last sent), only while the lot is rejected: not approved, nothing pending, a rejection on record.
 * Follow it with `abortUnlessChanged`, so a second resubmission at once inserts nothing and aborts.
 */
export const resubmissionStatement = (db: DB, id: string, lotId: string, notes: string | null) =>
  sqlStatement(
    db,
    sql`INSERT INTO lot_submissions (id, lot_id, owner_id, total_slots, accessible_slots, ev_charging_slots, hourly_rate, notes, documents_json)
        SELECT ${id}, l.id, l.owner_id,
               (SELECT count(*) FROM slots WHERE lot_id = l.id AND active = 1),
               (SELECT count(*) FROM slots WHERE lot_id = l.id AND active = 1 AND accessible = 1),
               (SELECT count(*) FROM slots WHERE lot_id = l.id AND active = 1 AND ev_charging = 1),
               coalesce((SELECT base_rate FROM pricing WHERE lot_id = l.id), ${DEFAULT_RATE_CENTS}),
               ${notes},
               coalesce((SELECT documents_json FROM lot_submissions WHERE lot_id = l.id ORDER BY submitted_at DESC, id DESC LIMIT 1), '[]')
          FROM lots l
         WHERE l.id = ${lotId} AND l.is_approved = 0
           AND NOT EXISTS (SELECT 1 FROM lot_submissions WHERE lot_id = l.id AND status = 'pending')
           AND EXISTS (SELECT 1 FROM lot_submissions WHERE lot_id = l.id AND status = 'rejected')`,
  );
