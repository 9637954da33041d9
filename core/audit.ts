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
  /** A validation redeemed on a stay (a code at the gate or by the driver, or the cashier's link): what the merchant takes off. */
  'REDEEM_VALIDATION',
  /** A person deleted their own account (docs/privacy.md); the entry names no one but the pseudonymous id. */
  'DELETE_ACCOUNT',
  /** Verified reviews (docs/reviews.md): an owner's public reply, and the super admin's decision on a reported review. */
  'REPLY_REVIEW',
  'HIDE_REVIEW',
  'KEEP_REVIEW',
  /** An owner sent a rejected lot back for review (docs/owner.md, Lots). */
  'RESUBMIT_LOT',
  /** A driver applied to be an owner from Settings, or sent a rejected owner application again (docs/admin.md). */
  'APPLY_OWNER',
  'RESUBMIT_OWNER',
  /**
   * A driver's report to a lot (docs/gate.md, Driver reports): staff acknowledge and resolve it; on a
   * taken slot, the acknowledgement unlocks the full refund the reporter may then take, or a move.
   */
  'ACKNOWLEDGE_LOT_ISSUE',
  'RESOLVE_LOT_ISSUE',
  'SLOT_TAKEN_REFUND',
  'SLOT_TAKEN_MOVE',
  /** Parkada took an approved lot off sale, or put it back (core/lot-sale.ts), with the reason its owner reads. */
  'UNLIST_LOT',
  'LIST_LOT',
  /** An account's API keys (docs/api.md): made and revoked in Settings; every write a key makes is recorded under its name. */
  'CREATE_API_KEY',
  'REVOKE_API_KEY',
  'API_KEY_WRITE',
  /** A driver gave a companion a view-only link to a reservation's pass, or revoked it (docs/passes.md, Shared pass). */
  'SHARE_PASS',
  'STOP_SHARING_PASS',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Each action in words, for the admin's Audit Log (the code stays beside it: it is what the filter and the API speak). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  APPROVE_OWNER: 'Owner approved',
  REJECT_OWNER: 'Owner rejected',
  APPROVE_LOT: 'Lot approved',
  REJECT_LOT: 'Lot rejected',
  APPROVE_LOT_CHANGE: 'Lot change approved',
  REJECT_LOT_CHANGE: 'Lot change rejected',
  UPDATE_PRICING: 'Pricing changed',
  UPDATE_PASS_PRODUCTS: 'Monthly pass products changed',
  DELETE_LOT: 'Lot deleted',
  OVERRIDE_ENTRY: 'Entry overridden at the gate',
  OVERRIDE_EXIT: 'Exit overridden at the gate',
  LOST_TICKET: 'Lost ticket charged',
  UNDO_CHECKIN: 'Check-in undone',
  REVIVE_RESERVATION: 'Reservation revived',
  SUSPEND_USER: 'User suspended',
  REACTIVATE_USER: 'User reactivated',
  ROLE_CHANGE: 'Role changed',
  REFUND: 'Refund',
  UPDATE_SETTINGS: 'Platform settings changed',
  RESET_PASSWORD: 'Password reset',
  RECORD_PAYOUT: 'Payout recorded',
  ISSUE_VALIDATION_CODES: 'Validation codes issued',
  OPEN_MERCHANT_LINK: 'Merchant link opened',
  REVOKE_MERCHANT_LINK: 'Merchant link revoked',
  REDEEM_VALIDATION: 'Merchant validation redeemed',
  DELETE_ACCOUNT: 'Account deleted',
  REPLY_REVIEW: 'Review replied to',
  HIDE_REVIEW: 'Review hidden',
  KEEP_REVIEW: 'Review kept',
  RESUBMIT_LOT: 'Lot resubmitted',
  APPLY_OWNER: 'Owner application filed',
  RESUBMIT_OWNER: 'Owner application resubmitted',
  ACKNOWLEDGE_LOT_ISSUE: 'Driver report acknowledged',
  RESOLVE_LOT_ISSUE: 'Driver report resolved',
  SLOT_TAKEN_REFUND: 'Refund for a taken slot',
  SLOT_TAKEN_MOVE: 'Moved from a taken slot',
  UNLIST_LOT: 'Lot unlisted',
  LIST_LOT: 'Lot listed again',
  CREATE_API_KEY: 'API key created',
  REVOKE_API_KEY: 'API key revoked',
  API_KEY_WRITE: 'Write with an API key',
  SHARE_PASS: 'Pass shared with a companion',
  STOP_SHARING_PASS: 'Shared pass revoked',
};
