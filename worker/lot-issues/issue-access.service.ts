/** Who may see a driver's report: its reporter, and the lot's staff (its attendants, its owner, the super admin). */
import { refusal } from '../../core/refusal';
import type { DB } from '../db/client';
import type { SessionUser } from '../env';
import { workableLotIds } from '../lots/lots.service';
import { findIssue } from './lot-issues.data';

const ISSUE_NOT_FOUND = 'Report not found';

/** Whether the user works the lot: its attendants, its owner, the super admin. */
async function worksLot(db: DB, user: SessionUser, lotId: string) {
  const lots = await workableLotIds(db, user);
  return lots === 'all' || lots.includes(lotId);
}

/** How the user stands to the issue; anyone else is told it does not exist. */
export async function issueFor(db: DB, user: SessionUser, id: string) {
  const issue = await findIssue(db, id);
  if (!issue) throw refusal('not_found', ISSUE_NOT_FOUND);
  const staff = await worksLot(db, user, issue.lotId);
  const reporter = issue.reporterId === user.id;
  if (!staff && !reporter) throw refusal('not_found', ISSUE_NOT_FOUND);
  return { issue, staff, reporter };
}
