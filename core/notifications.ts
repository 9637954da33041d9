import { formatDateTime } from './time';

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
  /** One of the owner's webhooks kept failing and was paused (docs/api.md, Webhooks). */
  'WEBHOOK_PAUSED',
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
  WEBHOOK_PAUSED: 'Webhook',
};

export const notificationTypeLabel = (type: NotificationType) => TYPE_LABELS[type] ?? 'Info';

/**
 * What a notification is about, written by the worker with it: where and when (shown on the
 * notification), and the id of its object (one of them), which the list drops once the object is gone.
 * `reviewReservationId`: the stay a check-out notice asks the driver to rate (docs/reviews.md).
 */
export type NotificationMetadata = {
  lotName?: string;
  slotLabel?: string;
  startTime?: string;
  reviewReservationId?: string;
  reservationId?: string;
  monthlyPassId?: string;
  supportRequestId?: string;
};

/** Where a notification leads: the screen of its object, named for the link. */
export type NotificationLink =
  | { to: '/reservation/$id'; params: { id: string }; label: 'View reservation' }
  | { to: '/support/$id'; params: { id: string }; label: 'View request' }
  | { to: '/passes'; label: 'View pass' };

/** The screen of a notification's object, or null when it names none (or it is gone). */
export function notificationLink(metadata: NotificationMetadata | undefined): NotificationLink | null {
  if (metadata?.reservationId) return { to: '/reservation/$id', params: { id: metadata.reservationId }, label: 'View reservation' };
  if (metadata?.supportRequestId) return { to: '/support/$id', params: { id: metadata.supportRequestId }, label: 'View request' };
  if (metadata?.monthlyPassId) return { to: '/passes', label: 'View pass' };
  return null;
}

/** Where and when, as the notification shows it: "Greenbelt 3 Parking · Slot A-1 · Nov 29, 2026, 2:45 PM". */
export const notificationPlace = (metadata: NotificationMetadata | undefined) =>
  [metadata?.lotName, metadata?.slotLabel && `Slot ${metadata.slotLabel}`, metadata?.startTime && formatDateTime(metadata.startTime)]
    .filter(Boolean)
    .join(' · ');
