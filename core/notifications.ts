/** Spec 3 notification types and their labels; any other type is shown as Info. */
const TYPE_LABELS: Record<string, string> = {
  BOOKING_CONFIRMED: 'Booking Confirmed',
  BOOKING_REMINDER: 'Reminder',
  PAYMENT_SUCCESS: 'Payment',
  PAYMENT_FAILED: 'Payment Failed',
  BOOKING_EXPIRED: 'Expired',
  BOOKING_EXTENDED: 'Extended',
  AUTO_EXTEND_FAILED: 'Not Extended',
  PROMOTION: 'Promotion',
};

export const notificationTypeLabel = (type: string) => TYPE_LABELS[type] ?? 'Info';
