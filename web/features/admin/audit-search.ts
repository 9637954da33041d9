import { AUDIT_ACTIONS, type AuditAction } from '../../../core/audit';
import type { AuditFilters } from '../../lib/admin';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const day = (value: unknown) =>
  typeof value === 'string' && CALENDAR_DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;

/**
 * The audit log screen's filters live in the URL, so a filtered trail is a link. Anything the server
 * would refuse (an unknown action, a malformed day) is dropped rather than sent.
 */
export const auditSearch = (raw: Record<string, unknown>): AuditFilters => ({
  actor: text(raw.actor),
  action: AUDIT_ACTIONS.includes(raw.action as AuditAction) ? (raw.action as AuditAction) : undefined,
  from: day(raw.from),
  to: day(raw.to),
});
