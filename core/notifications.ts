/** Every kind of notification the product sends; the database column takes only these. */
export const NOTIFICATION_TYPES = [
  'BOOKING_CONFIRMED',
  'BOOKING_REMINDER',
  'PAYMENT_SUCCESS',
  'PAYMENT_FAILED',
  'BOOKING_EXPIRED',
  'PROMOTION',
  'WELCOME',
  'BOOKING_EXTENDED',
  'AUTO_EXTEND_FAILED',
  'CHECKED_IN',
  'CHECKED_OUT',
  /** The super admin decided an owner application or a lot submission. */
  'APPROVAL_DECISION',
  /** An owner invited this account to work a lot's gate, or the invited person answered. */
  'GATE_INVITATION',
  /** A monthly pass without auto-renew ends in a few days. */
  'PASS_ENDING',
  /** The lot's staff acknowledged or resolved a driver's report, or wrote in its thread. */
  'LOT_ISSUE_UPDATE',
  /** Parkada support replied to the person's support request. */
  'SUPPORT_REPLY',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The badge each type shows; a type without one (the welcome note) is shown as Info. */
const TYPE_LABELS: Partial<Record<NotificationType, string>> = {
  BOOKING_CONFIRMED: 'Booking Confirmed',
  BOOKING_REMINDER: 'Reminder',
  PAYMENT_SUCCESS: 'Payment',
  PAYMENT_FAILED: 'Payment Failed',
  BOOKING_EXPIRED: 'Expired',
  BOOKING_EXTENDED: 'Extended',
  AUTO_EXTEND_FAILED: 'Not Extended',
  CHECKED_IN: 'Checked In',
  CHECKED_OUT: 'Checked Out',
  PROMOTION: 'Promotion',
  APPROVAL_DECISION: 'Approval',
  GATE_INVITATION: 'Invitation',
  PASS_ENDING: 'Pass Ending',
  LOT_ISSUE_UPDATE: 'Report',
  SUPPORT_REPLY: 'Support',
};

export const notificationTypeLabel = (type: NotificationType) => TYPE_LABELS[type] ?? 'Info';
