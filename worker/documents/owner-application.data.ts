/**
 * An owner application's papers and its submissions in D1. As with lots, every submission is a row of its
 * own and stays: a rejected application is sent again as a new pending row, so each decision is kept.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { OwnerApplicationPapers } from '../../core/owner-application';
import { sqlStatement, statementOf, type DB } from '../db/client';
import { ownerApplications } from '../db/schema';

export type Applicant = { userId: string; name: string; email: string; phone: string | null };

const stored = (papers: OwnerApplicationPapers) => ({ ...papers, notes: papers.notes || null });

/** The papers of a pending application, edited in place; follow it with `abortUnlessChanged` (a decision may have come meanwhile). */
export const papersStatement = (db: DB, id: string, papers: OwnerApplicationPapers) =>
  statementOf(
    db,
    db
      .update(ownerApplications)
      .set(stored(papers))
      .where(and(eq(ownerApplications.id, id), eq(ownerApplications.status, 'pending'))),
  );

/**
 * A new pending application with its papers, only while the user has none pending or approved: a first
 * application, or one sent again after a rejection. Follow it with `abortUnlessChanged`, so a second one
 * sent at the same moment inserts nothing and aborts.
 */
export const submissionStatement = (db: DB, id: string, applicant: Applicant, papers: OwnerApplicationPapers) => {
  const p = stored(papers);
  return sqlStatement(
    db,
    sql`INSERT INTO owner_applications (id, user_id, applicant_role, name, email, phone, business_name, business_license, tax_id, notes)
        SELECT ${id}, ${applicant.userId}, ${p.applicantRole}, ${applicant.name}, ${applicant.email}, ${applicant.phone},
               ${p.businessName}, ${p.businessLicense}, ${p.taxId}, ${p.notes}
         WHERE NOT EXISTS (SELECT 1 FROM owner_applications WHERE user_id = ${applicant.userId} AND status IN ('pending', 'approved'))`,
  );
};

/** The documents still kept with a rejected application go with the application sent again, so nothing is uploaded twice. */
export const carryDocumentsStatement = (db: DB, fromId: string, toId: string) =>
  sqlStatement(
    db,
    sql`UPDATE owner_application_documents SET application_id = ${toId} WHERE application_id = ${fromId} AND purged_at IS NULL`,
  );

/** Every application of these users, newest first (the history of each): what was filed, when, and what the super admin decided and why. */
export const applicationsOfUsers = (db: DB, userIds: string[]) =>
  userIds.length
    ? db
        .select({
          id: ownerApplications.id,
          userId: ownerApplications.userId,
          status: ownerApplications.status,
          businessName: ownerApplications.businessName,
          businessLicense: ownerApplications.businessLicense,
          taxId: ownerApplications.taxId,
          notes: ownerApplications.notes,
          decisionReason: ownerApplications.decisionReason,
          decidedAt: ownerApplications.decidedAt,
          submittedAt: ownerApplications.submittedAt,
        })
        .from(ownerApplications)
        // One JSON parameter, so a long page stays within D1's limit of 100 bound parameters.
        .where(sql`${ownerApplications.userId} IN (SELECT value FROM json_each(${JSON.stringify([...new Set(userIds)])}))`)
        .orderBy(desc(ownerApplications.submittedAt), desc(ownerApplications.id))
    : Promise.resolve([]);
export type ApplicationRecord = Awaited<ReturnType<typeof applicationsOfUsers>>[number];
