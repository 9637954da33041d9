/**
 * `PATCH /api/user/owner-application` (docs/admin.md, Owner applications): the applicant files the
 * business papers. A pending application is edited in place; a rejected one is sent again as a new
 * pending submission, its history kept as a lot's is; a driver with none applies; an approved one, or
 * anyone who is already staff, is refused.
 */
import { ALREADY_OWNER, APPLICATION_APPROVED, type OwnerApplicationPapers } from '../../core/owner-application';
import { refusal } from '../../core/refusal';
import { auditStatement } from '../audit/audit.data';
import { afterCommit } from '../db/after-commit';
import { commit, type DB } from '../db/client';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import { newId } from '../db/ids';
import type { SessionUser } from '../env';
import { sendNotice, type NoticeContext } from '../notifications/notifications.service';
import { activeAdminIds } from '../users/users.data';
import { findApplicationOf } from './documents.data';
import { ownApplication } from './documents.service';
import {
  applicationsOfUsers,
  carryDocumentsStatement,
  papersStatement,
  submissionStatement,
  type ApplicationRecord,
} from './owner-application.data';

const CHANGED_MEANWHILE = 'Your owner application changed meanwhile; reload it and try again.';

/** Every active super admin hears of an application to review, in the app and by e-mail. */
async function tellAdminsOfSubmission(ctx: NoticeContext, id: string, user: SessionUser, again: boolean) {
  for (const adminId of await activeAdminIds(ctx.db))
    await sendNotice(ctx, adminId, {
      note: {
        type: 'APPROVAL_DECISION',
        title: again ? 'Owner application resubmitted' : 'New owner application',
        message: `${user.firstName} ${user.lastName} (${user.email}) ${again ? 'edited and sent back their application' : 'applied to list lots'}. Review it in Approvals.`,
      },
      email: { link: { label: 'Open Approvals', path: '/admin/approvals' } },
      key: `owner-application-submission:${id}:${adminId}`,
    });
}

/** A new pending submission: a driver's first application, or a rejected one sent again with its documents. */
async function submit(ctx: NoticeContext, user: SessionUser, papers: OwnerApplicationPapers, rejectedId: string | null) {
  const { db } = ctx;
  const id = newId();
  const applicant = { userId: user.id, name: `${user.firstName} ${user.lastName}`, email: user.email, phone: user.phone };
  await commit(db, [
    submissionStatement(db, id, applicant, papers),
    abortUnlessChanged(db),
    ...(rejectedId ? [carryDocumentsStatement(db, rejectedId, id)] : []),
    auditStatement(db, user, {
      action: rejectedId ? 'RESUBMIT_OWNER' : 'APPLY_OWNER',
      subject: `owner_application:${id}`,
      context: { userId: user.id, previous: rejectedId, businessName: papers.businessName },
    }),
  ]);
  await afterCommit('Owner application notice', () => tellAdminsOfSubmission(ctx, id, user, !!rejectedId));
}

export async function fileOwnerApplication(ctx: NoticeContext, user: SessionUser, papers: OwnerApplicationPapers) {
  const { db } = ctx;
  const current = await findApplicationOf(db, user.id);
  if (current?.status === 'approved') throw refusal('conflict', APPLICATION_APPROVED);
  if (user.role !== 'parking_user') throw refusal('forbidden', ALREADY_OWNER);
  try {
    if (current?.status === 'pending') await commit(db, [papersStatement(db, current.id, papers), abortUnlessChanged(db)]);
    else await submit(ctx, user, papers, current?.id ?? null);
  } catch (error) {
    if (changedMeanwhile(error)) throw refusal('conflict', CHANGED_MEANWHILE);
    throw error;
  }
  return ownApplication(db, user.id);
}

/** Each applicant's submissions, newest first: the reviewer judges a resubmission with the earlier ones and their decisions. */
export async function applicationHistories(db: DB, userIds: string[]) {
  const byUser = new Map<string, ApplicationRecord[]>();
  for (const row of await applicationsOfUsers(db, userIds)) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  return byUser;
}
