/** Owner applications and lot submissions as the super admin reviews them, and the statements of a decision. */
import { and, eq, ne } from 'drizzle-orm';
import type { ReviewFilter } from '../../core/approvals';
import { statementOf, type DB } from '../db/client';
import { afterCursor, newestFirst, pageOf, rowsToRead, type PageRequest } from '../db/pages';
import type { Listing } from '../owner/owner-lots.data';
import { listingColumns } from '../db/listing';
import { lotRevisions, lotSubmissions, lots, ownerApplications, users } from '../db/schema';

type Document = { name: string; url?: string };
const documentsOf = (json: string) => JSON.parse(json) as Document[];

const byStatus = <Column extends typeof ownerApplications.status | typeof lotSubmissions.status | typeof lotRevisions.status>(
  column: Column,
  filter: ReviewFilter,
) => (filter === 'all' ? undefined : eq(column, filter));

/** A page of owner applications, newest submission first (their documents are the documents domain's: approvals.service.ts). */
export async function ownerApplicationsPage(db: DB, filter: ReviewFilter, page: PageRequest) {
  const rows = await db
    .select()
    .from(ownerApplications)
    .where(and(byStatus(ownerApplications.status, filter), afterCursor(ownerApplications.submittedAt, ownerApplications.id, page.cursor)))
    .orderBy(...newestFirst(ownerApplications.submittedAt, ownerApplications.id))
    .limit(rowsToRead(page));
  return pageOf(
    rows,
    page,
    (row) => ({ key: row.submittedAt, id: row.id }),
    ({ documentsJson: _unused, ...row }) => row,
  );
}

/** A page of lot submissions with their lot and owner, newest submission first. */
export async function lotSubmissionsPage(db: DB, filter: ReviewFilter, page: PageRequest) {
  const rows = await db
    .select({
      submission: lotSubmissions,
      name: lots.name,
      address: lots.address,
      city: lots.city,
      // Whether Parkada unlisted the lot since (docs/admin.md, Unlisting a lot): its card offers List again.
      unlistedAt: lots.unlistedAt,
      unlistedReason: lots.unlistedReason,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerEmail: users.email,
    })
    .from(lotSubmissions)
    .innerJoin(lots, eq(lots.id, lotSubmissions.lotId))
    .innerJoin(users, eq(users.id, lotSubmissions.ownerId))
    .where(and(byStatus(lotSubmissions.status, filter), afterCursor(lotSubmissions.submittedAt, lotSubmissions.id, page.cursor)))
    .orderBy(...newestFirst(lotSubmissions.submittedAt, lotSubmissions.id))
    .limit(rowsToRead(page));
  return pageOf(
    rows,
    page,
    ({ submission }) => ({ key: submission.submittedAt, id: submission.id }),
    ({ submission: { documentsJson, ...submission }, ownerFirstName, ownerLastName, ...lot }) => ({
      ...submission,
      ...lot,
      owner: `${ownerFirstName} ${ownerLastName}`,
      documents: documentsOf(documentsJson),
    }),
  );
}

/** The listing drivers see now: a `Listing`'s columns of the lot. */
const currentListing = listingColumns satisfies Record<keyof Listing, unknown>;

/** A page of listing changes of approved lots, newest first, each beside the listing drivers see now. */
export async function listLotRevisions(db: DB, filter: ReviewFilter, page: PageRequest) {
  const rows = await db
    .select({
      revision: lotRevisions,
      current: currentListing,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerEmail: users.email,
    })
    .from(lotRevisions)
    .innerJoin(lots, eq(lots.id, lotRevisions.lotId))
    .innerJoin(users, eq(users.id, lotRevisions.ownerId))
    .where(and(byStatus(lotRevisions.status, filter), afterCursor(lotRevisions.submittedAt, lotRevisions.id, page.cursor)))
    .orderBy(...newestFirst(lotRevisions.submittedAt, lotRevisions.id))
    .limit(rowsToRead(page));
  return pageOf(
    rows,
    page,
    ({ revision }) => ({ key: revision.submittedAt, id: revision.id }),
    ({ revision: { documentsJson: _unused, ...revision }, current, ownerFirstName, ownerLastName, ownerEmail }) => ({
      ...revision,
      current,
      owner: `${ownerFirstName} ${ownerLastName}`,
      ownerEmail,
    }),
  );
}

export async function findLotRevision(db: DB, id: string) {
  const [row] = await db
    .select({ revision: lotRevisions, lotName: lots.name })
    .from(lotRevisions)
    .innerJoin(lots, eq(lots.id, lotRevisions.lotId))
    .where(eq(lotRevisions.id, id))
    .limit(1);
  return row ? { ...row.revision, lotName: row.lotName } : null;
}

export async function findOwnerApplication(db: DB, id: string) {
  const [row] = await db.select().from(ownerApplications).where(eq(ownerApplications.id, id)).limit(1);
  return row ?? null;
}

export async function findLotSubmission(db: DB, id: string) {
  const [row] = await db
    .select({ submission: lotSubmissions, lotName: lots.name })
    .from(lotSubmissions)
    .innerJoin(lots, eq(lots.id, lotSubmissions.lotId))
    .where(eq(lotSubmissions.id, id))
    .limit(1);
  return row ? { ...row.submission, lotName: row.lotName } : null;
}

export type Verdict = { status: 'approved' | 'rejected'; reason: string | null; adminId: string; at: string };
const decided = (verdict: Verdict) => ({
  status: verdict.status,
  decisionReason: verdict.reason,
  decidedBy: verdict.adminId,
  decidedAt: verdict.at,
});

/** Records the verdict only while the item is still pending; follow it with `abortUnlessChanged`. */
export const decideOwnerApplication = (db: DB, id: string, verdict: Verdict) =>
  statementOf(
    db,
    db
      .update(ownerApplications)
      .set(decided(verdict))
      .where(and(eq(ownerApplications.id, id), eq(ownerApplications.status, 'pending'))),
  );

export const decideLotSubmission = (db: DB, id: string, verdict: Verdict) =>
  statementOf(
    db,
    db
      .update(lotSubmissions)
      .set(decided(verdict))
      .where(and(eq(lotSubmissions.id, id), eq(lotSubmissions.status, 'pending'))),
  );

export const decideLotRevision = (db: DB, id: string, verdict: Verdict) =>
  statementOf(
    db,
    db
      .update(lotRevisions)
      .set(decided(verdict))
      .where(and(eq(lotRevisions.id, id), eq(lotRevisions.status, 'pending'))),
  );

/** An approved listing change is what drivers see from now on. */
export const applyListing = (db: DB, lotId: string, listing: Listing) =>
  statementOf(db, db.update(lots).set(listing).where(eq(lots.id, lotId)));

/** An approved applicant becomes an owner at once (the role is read on every request); a super admin stays one. */
export const makeOwner = (db: DB, userId: string) =>
  statementOf(
    db,
    db
      .update(users)
      .set({ role: 'owner_admin' })
      .where(and(eq(users.id, userId), ne(users.role, 'super_admin'))),
  );

/** An approved lot is bookable and shows in search. */
export const approveLot = (db: DB, lotId: string) => statementOf(db, db.update(lots).set({ isApproved: true }).where(eq(lots.id, lotId)));
