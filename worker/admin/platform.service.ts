/**
 * The super admin's view of the platform (docs/admin.md): its figures, computed from the records at the
 * time of asking (platform.data.ts), and the audit trail, read by Manila calendar days.
 */
import type { AuditAction } from '../../core/audit';
import { addDays, manilaDateStart } from '../../core/time';
import { listAuditLogs } from '../audit/audit.data';
import type { DB } from '../db/client';
import type { PageRequest } from '../db/pages';
import { platformKpis, platformMetrics, tenantFigures } from './platform.data';

/** The platform's headline figures, its tenants' and its metrics, as of the time of asking. */
export const currentKpis = (db: DB) => platformKpis(db);
export const currentTenantFigures = (db: DB) => tenantFigures(db);
export const currentMetrics = (db: DB) => platformMetrics(db);

/** Who did what, and between which Manila days (`to` included). */
export type AuditSearch = { actor?: string; action?: AuditAction; from?: string; to?: string };

/** A page of the audit trail, newest first: `to` is inclusive, the whole of that Manila day. */
export function auditTrail(db: DB, { actor, action, from, to }: AuditSearch, page: PageRequest) {
  const before = to ? manilaDateStart(addDays(to, 1)).toISOString() : undefined;
  const since = from ? manilaDateStart(from).toISOString() : undefined;
  return listAuditLogs(db, { actor, action, since, before }, page);
}
