/**
 * The acts the audit trail records, so every privileged or money-moving act is traced to who did it:
 * upper-case verbs, one per act. The audit log screen filters by these.
 */
export const AUDIT_ACTIONS = [
  'APPROVE_OWNER',
  'REJECT_OWNER',
  'APPROVE_LOT',
  'REJECT_LOT',
  'APPROVE_LOT_CHANGE',
  'REJECT_LOT_CHANGE',
  'UPDATE_PRICING',
  'UPDATE_PASS_PRODUCTS',
  'DELETE_LOT',
  'OVERRIDE_ENTRY',
  'OVERRIDE_EXIT',
  'LOST_TICKET',
  'UNDO_CHECKIN',
  'REVIVE_RESERVATION',
  'SUSPEND_USER',
  'REACTIVATE_USER',
  'ROLE_CHANGE',
  'REFUND',
  'UPDATE_SETTINGS',
  'RESET_PASSWORD',
  'RECORD_PAYOUT',
  /** Merchant validations (docs/passes.md): value a merchant will be invoiced for, and the cashier's link that gives it. */
  'ISSUE_VALIDATION_CODES',
  'OPEN_MERCHANT_LINK',
  'REVOKE_MERCHANT_LINK',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
