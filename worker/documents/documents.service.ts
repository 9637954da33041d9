/**
 * Owner application documents (docs/admin.md, Documents): the applicant uploads them while the
 * application is pending; the super admin and the applicant read them back. The file lives in R2 and
 * its row in D1, and the two stay consistent: the object is written first and the row second, and a row
 * that could not be written deletes its object, so every row has its file and no listed file is missing.
 */
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPE_LABELS,
  documentName,
  documentProblem,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS,
  sniffDocumentType,
} from '../../core/documents';
import type { DB } from '../db/client';
import { newId } from '../db/ids';
import type { Bindings } from '../env';
import { refusal } from '../../core/refusal';
import {
  countDocuments,
  deleteDocumentWhilePending,
  findApplicationOf,
  findDocument,
  insertDocumentWithinLimit,
  listDocuments,
  type ListedDocument,
} from './documents.data';
import { applicationsOfUsers } from './owner-application.data';

const NO_APPLICATION = 'You have no owner application.';
const APPLICATION_DECIDED = 'Your owner application has been decided; its documents can no longer be changed.';
const DOCUMENT_NOT_FOUND = 'Document not found';

/** Where a document is downloaded: the admin's route names the application, the applicant's is their own. */
const adminDocumentUrl = (doc: ListedDocument) => `/api/admin/owners/${doc.applicationId}/documents/${doc.id}`;
const ownDocumentUrl = (doc: ListedDocument) => `/api/user/owner-application/documents/${doc.id}`;

const shown = (doc: ListedDocument, url: (doc: ListedDocument) => string) => ({
  id: doc.id,
  name: doc.name,
  type: doc.type,
  size: doc.size,
  uploadedAt: doc.uploadedAt,
  url: url(doc),
});
export type ShownDocument = ReturnType<typeof shown>;

/** Each application's documents with the admin's download links (applications without any get none). */
export async function documentsForAdmin(db: DB, applicationIds: string[]): Promise<Map<string, ShownDocument[]>> {
  const byApplication = new Map<string, ShownDocument[]>();
  for (const doc of await listDocuments(db, applicationIds)) {
    byApplication.set(doc.applicationId, [...(byApplication.get(doc.applicationId) ?? []), shown(doc, adminDocumentUrl)]);
  }
  return byApplication;
}

async function pendingApplicationOf(db: DB, userId: string) {
  const application = await findApplicationOf(db, userId);
  if (!application) throw refusal('not_found', NO_APPLICATION);
  if (application.status !== 'pending') throw refusal('conflict', APPLICATION_DECIDED);
  return application;
}

/** The applicant's own application as they see it: its state, its papers, the documents filed with it and its earlier submissions. */
export async function ownApplication(db: DB, userId: string) {
  const application = await findApplicationOf(db, userId);
  if (!application) throw refusal('not_found', NO_APPLICATION);
  const { id, applicantRole, status, submittedAt, decisionReason, decidedAt, businessName, businessLicense, taxId, notes } = application;
  const documents = (await listDocuments(db, [id])).map((doc) => shown(doc, ownDocumentUrl));
  const earlier = (await applicationsOfUsers(db, [userId])).filter((other) => other.id !== id);
  return {
    id,
    applicantRole,
    status,
    submittedAt,
    decisionReason,
    decidedAt,
    businessName,
    businessLicense,
    taxId,
    notes,
    documents,
    earlier,
  };
}

/** Checks a file's declared type and size, then its first bytes; answers the type it really is. */
async function acceptedFile(file: File) {
  const problem = documentProblem(file);
  if (problem) throw refusal(file.size > MAX_DOCUMENT_BYTES ? 'too_large' : 'invalid', problem);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffDocumentType(bytes.subarray(0, 16));
  if (!type) throw refusal('invalid', DOCUMENT_MESSAGES.type);
  if (type !== file.type)
    throw refusal('invalid', `The file's contents (${DOCUMENT_TYPE_LABELS[type]}) do not match its declared type (${file.type}).`);
  return { bytes, type };
}

/** Adds one document to the user's pending application. */
export async function addDocument(env: Bindings, db: DB, userId: string, file: File) {
  const application = await pendingApplicationOf(db, userId);
  const { bytes, type } = await acceptedFile(file);
  // Refused early so a full application costs no R2 write; the insert below is the judge.
  if ((await countDocuments(db, application.id)) >= MAX_DOCUMENTS) throw refusal('conflict', DOCUMENT_MESSAGES.count);

  const id = newId();
  const doc = {
    id,
    applicationId: application.id,
    name: documentName(file.name),
    contentType: type,
    size: bytes.byteLength,
    r2Key: `owner-applications/${application.id}/${id}`,
    uploadedAt: new Date().toISOString(),
  };
  await env.DOCUMENTS.put(doc.r2Key, bytes, { httpMetadata: { contentType: type } });
  // The row follows the object; when the row cannot be written, the object goes too.
  const withdraw = () => env.DOCUMENTS.delete(doc.r2Key);
  const written = await insertDocumentWithinLimit(db, doc).catch(async (error: unknown) => {
    await withdraw();
    throw error;
  });
  if (!written) {
    await withdraw();
    // Between the checks above and the insert, a decision was made or another upload filled the application.
    const now = await findApplicationOf(db, userId);
    throw refusal('conflict', now?.status === 'pending' ? DOCUMENT_MESSAGES.count : APPLICATION_DECIDED);
  }
  return shown({ ...doc, type }, ownDocumentUrl);
}

/** The document as a download: the stored type, never rendered in place, never sniffed by the browser. */
async function download(env: Bindings, doc: NonNullable<Awaited<ReturnType<typeof findDocument>>>) {
  const object = await env.DOCUMENTS.get(doc.r2Key);
  if (!object) throw refusal('not_found', 'The document file is missing.');
  const fallback = doc.name.replace(/[^\x20-\x7e]/g, '_');
  return new Response(object.body, {
    headers: {
      'Content-Type': doc.contentType,
      'Content-Length': String(object.size),
      'Content-Disposition': `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(doc.name)}`,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** The super admin's download: the document must belong to the application named in the path. */
export async function downloadForAdmin(env: Bindings, db: DB, applicationId: string, documentId: string) {
  const doc = await findDocument(db, applicationId, documentId);
  if (!doc) throw refusal('not_found', DOCUMENT_NOT_FOUND);
  return download(env, doc);
}

/** The applicant's download of their own document; anyone else's is unknown to them (404). */
export async function downloadOwn(env: Bindings, db: DB, userId: string, documentId: string) {
  const application = await findApplicationOf(db, userId);
  const doc = application && (await findDocument(db, application.id, documentId));
  if (!doc) throw refusal('not_found', DOCUMENT_NOT_FOUND);
  return download(env, doc);
}

/** Removes one of the applicant's documents while the application is pending: its row, then its file. */
export async function removeDocument(env: Bindings, db: DB, userId: string, documentId: string) {
  const application = await pendingApplicationOf(db, userId);
  const doc = await findDocument(db, application.id, documentId);
  if (!doc) throw refusal('not_found', DOCUMENT_NOT_FOUND);
  if (!(await deleteDocumentWhilePending(db, application.id, doc.id))) {
    // Removed by a request of a moment ago, or the application was decided meanwhile (its documents stay).
    const now = await findApplicationOf(db, userId);
    throw now?.status === 'pending' ? refusal('not_found', DOCUMENT_NOT_FOUND) : refusal('conflict', APPLICATION_DECIDED);
  }
  // The row is gone, so nobody is offered the file; an object left behind by a failed delete is only storage.
  await env.DOCUMENTS.delete(doc.r2Key).catch((error: unknown) => console.error('Removed document file left in R2', doc.r2Key, error));
  return { id: doc.id };
}
