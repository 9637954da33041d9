/** Owner application documents in D1: the rows that name each R2 object, and the applicant's application. */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { MAX_DOCUMENTS, type DocumentType } from '../../core/documents';
import type { DB } from '../db/client';
import { ownerApplicationDocuments, ownerApplications } from '../db/schema';

export type NewDocument = {
  id: string;
  applicationId: string;
  name: string;
  contentType: DocumentType;
  size: number;
  r2Key: string;
  uploadedAt: string;
};

/**
 * The signed-in user's current owner application, or null: the pending or approved one (there is at most
 * one), else the latest rejected one. Earlier rejected ones are its history (owner-application.data.ts).
 */
export async function findApplicationOf(db: DB, userId: string) {
  const [row] = await db
    .select()
    .from(ownerApplications)
    .where(eq(ownerApplications.userId, userId))
    .orderBy(sql`${ownerApplications.status} = 'rejected'`, desc(ownerApplications.submittedAt), desc(ownerApplications.id))
    .limit(1);
  return row ?? null;
}

/**
 * Records a document only while its application is pending and holds fewer than MAX_DOCUMENTS: the
 * check and the insert are one statement, so two uploads at once cannot pass the limit together.
 * Answers whether the row was written.
 */
export async function insertDocumentWithinLimit(db: DB, doc: NewDocument): Promise<boolean> {
  const result = await db.run(sql`
    INSERT INTO owner_application_documents (id, application_id, name, content_type, size, r2_key, uploaded_at)
    SELECT ${doc.id}, ${doc.applicationId}, ${doc.name}, ${doc.contentType}, ${doc.size}, ${doc.r2Key}, ${doc.uploadedAt}
    WHERE EXISTS (SELECT 1 FROM owner_applications WHERE id = ${doc.applicationId} AND status = 'pending')
      AND (SELECT COUNT(*) FROM owner_application_documents WHERE application_id = ${doc.applicationId}) < ${MAX_DOCUMENTS}`);
  return result.meta.changes > 0;
}

/** Removes a document's row only while its application is pending, in one statement; answers whether it did. */
export async function deleteDocumentWhilePending(db: DB, applicationId: string, documentId: string): Promise<boolean> {
  const result = await db.run(sql`
    DELETE FROM owner_application_documents
     WHERE id = ${documentId} AND application_id = ${applicationId}
       AND EXISTS (SELECT 1 FROM owner_applications WHERE id = ${applicationId} AND status = 'pending')`);
  return result.meta.changes > 0;
}

export async function countDocuments(db: DB, applicationId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(ownerApplicationDocuments)
    .where(eq(ownerApplicationDocuments.applicationId, applicationId));
  return row.n;
}

const listed = {
  id: ownerApplicationDocuments.id,
  applicationId: ownerApplicationDocuments.applicationId,
  name: ownerApplicationDocuments.name,
  type: ownerApplicationDocuments.contentType,
  size: ownerApplicationDocuments.size,
  uploadedAt: ownerApplicationDocuments.uploadedAt,
};
export type ListedDocument = { id: string; applicationId: string; name: string; type: DocumentType; size: number; uploadedAt: string };

/**
 * The documents of these applications still kept (a rejected one's go after a while: docs/privacy.md), oldest upload first. The ids travel as one JSON parameter, so
 * a long list (the "All Status" queue) stays within D1's limit of 100 bound parameters.
 */
export async function listDocuments(db: DB, applicationIds: string[]): Promise<ListedDocument[]> {
  if (applicationIds.length === 0) return [];
  return db
    .select(listed)
    .from(ownerApplicationDocuments)
    .where(
      and(
        sql`${ownerApplicationDocuments.applicationId} IN (SELECT value FROM json_each(${JSON.stringify(applicationIds)}))`,
        isNull(ownerApplicationDocuments.purgedAt),
      ),
    )
    .orderBy(asc(ownerApplicationDocuments.uploadedAt), asc(ownerApplicationDocuments.id));
}

/** One kept document of one application: null when the id is unknown, belongs to another application or was deleted. */
export async function findDocument(db: DB, applicationId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(ownerApplicationDocuments)
    .where(
      and(
        eq(ownerApplicationDocuments.id, documentId),
        eq(ownerApplicationDocuments.applicationId, applicationId),
        isNull(ownerApplicationDocuments.purgedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}
