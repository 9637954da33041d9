/**
 * Issues a driver reports to a lot (docs/gate.md, Driver reports): the categories, the status each
 * goes through, the limits on text, photo and open reports, and the choice a taken slot offers.
 * The requests' shapes are in ./lot-issue-request, apart, so screens reading these rules skip zod.
 */
import type { ReservationStatus } from './booking';

export const LOT_ISSUE_CATEGORIES = ['slot_taken', 'blocked_entrance', 'safety', 'payment', 'facilities', 'other'] as const;
export type LotIssueCategory = (typeof LOT_ISSUE_CATEGORIES)[number];

export const LOT_ISSUE_CATEGORY_LABELS: Record<LotIssueCategory, string> = {
  slot_taken: 'Slot taken',
  blocked_entrance: 'Blocked entrance',
  safety: 'Safety',
  payment: 'Payment',
  facilities: 'Facilities',
  other: 'Other',
};

/** An issue is open until the lot's staff acknowledge it, and resolved when they say it is dealt with. */
export const LOT_ISSUE_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type LotIssueStatus = (typeof LOT_ISSUE_STATUSES)[number];

export const LOT_ISSUE_STATUS_LABELS: Record<LotIssueStatus, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};

/** The statuses staff may move an issue to from each: forward only, acknowledging may be skipped. */
const NEXT_STATUSES: Record<LotIssueStatus, readonly LotIssueStatus[]> = {
  open: ['acknowledged', 'resolved'],
  acknowledged: ['resolved'],
  resolved: [],
};

/** Why an issue cannot go from `from` to `to`, or null when it can. */
export function statusChangeProblem(from: LotIssueStatus, to: LotIssueStatus): string | null {
  if (NEXT_STATUSES[from].includes(to)) return null;
  if (from === 'resolved') return 'This issue is resolved; it can no longer change.';
  if (from === to) return `This issue is already ${LOT_ISSUE_STATUS_LABELS[to].toLowerCase()}.`;
  return `An ${LOT_ISSUE_STATUS_LABELS[from].toLowerCase()} issue cannot go back to ${LOT_ISSUE_STATUS_LABELS[to].toLowerCase()}.`;
}

/** Still waiting on the lot: counted against the driver's open reports. */
export const isOpenIssue = (status: LotIssueStatus) => status !== 'resolved';

export const LOT_ISSUE_TEXT_MAX = 1000;
export const LOT_ISSUE_MESSAGE_MAX = 1000;
/** A driver's reports still open at one lot: enough for real trouble, few enough that a lot's queue is not flooded. */
export const MAX_OPEN_ISSUES_PER_LOT = 3;
/** Messages one issue's thread holds. */
export const MAX_ISSUE_MESSAGES = 50;

/** What the driver hears when staff change their issue's status. */
export function statusNotice(status: Exclude<LotIssueStatus, 'open'>, lotName: string, category: LotIssueCategory) {
  const what = `Your report (${LOT_ISSUE_CATEGORY_LABELS[category].toLowerCase()}) at ${lotName}`;
  return status === 'acknowledged'
    ? { title: 'Report acknowledged', message: `${what} was acknowledged by the lot's staff.` }
    : { title: 'Report resolved', message: `${what} was marked resolved by the lot's staff.` };
}

// The photo.

export const ISSUE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
export type IssuePhotoType = (typeof ISSUE_PHOTO_TYPES)[number];
export const MAX_ISSUE_PHOTO_BYTES = 5 * 1024 * 1024;
/** `<input accept>` of the photo picker. */
export const ISSUE_PHOTO_ACCEPT = ISSUE_PHOTO_TYPES.join(',');

export const ISSUE_PHOTO_MESSAGES = {
  type: 'The photo must be a JPEG, PNG, WebP or HEIC image.',
  size: `The photo must be at most ${MAX_ISSUE_PHOTO_BYTES / 1024 / 1024} MB.`,
  empty: 'The photo is empty.',
  unreadable: 'The photo could not be read: it may be damaged. Take it again or choose another.',
} as const;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
/** The brands of an ISO media file that say HEIF/HEIC still images (what iPhones take). */
const HEIC_BRANDS = ['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1'];

/** The image type a file's first bytes show (its magic number), or null when it is none of the accepted ones. */
export function sniffIssuePhoto(head: Uint8Array): IssuePhotoType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, ascii('ftyp'), 4) && HEIC_BRANDS.some((brand) => startsWith(head, ascii(brand), 8))) return 'image/heic';
  return null;
}

/** The problem with a photo's size (its bytes are sniffed apart), or null. */
export function photoSizeProblem(size: number): string | null {
  if (size === 0) return ISSUE_PHOTO_MESSAGES.empty;
  if (size > MAX_ISSUE_PHOTO_BYTES) return ISSUE_PHOTO_MESSAGES.size;
  return null;
}

// A taken slot.

export const SLOT_TAKEN_CHOICES = ['refund', 'move'] as const;
export type SlotTakenChoice = (typeof SLOT_TAKEN_CHOICES)[number];

/** Inside its window now. */
const hasStarted = (window: { startTs: string; endTs: string }, now: Date) =>
  Date.parse(window.startTs) <= now.getTime() && now.getTime() < Date.parse(window.endTs);

/** Under way: checked in, or confirmed and inside its window; either way not past its end. */
export const isUnderWay = (reservation: { status: ReservationStatus; startTs: string; endTs: string }, now: Date) =>
  now.getTime() < Date.parse(reservation.endTs) &&
  (reservation.status === 'ACTIVE' || (reservation.status === 'CONFIRMED' && hasStarted(reservation, now)));

export const SLOT_TAKEN_MESSAGES = {
  notOffered: 'A refund or another slot is offered only on a slot-taken report of a reservation that is under way.',
  awaitingStaff:
    "A refund is offered once the lot's staff confirm your slot was taken (they acknowledge your report). Until then you can choose another slot.",
} as const;

type SlotTakenIssue = { category: LotIssueCategory; status: LotIssueStatus };
type SlotTakenReservation = { status: ReservationStatus; startTs: string; endTs: string };

/**
 * Why a "slot taken" report cannot be given this remedy now, or null. Another slot (the lot object
 * decides) is offered while the reservation is under way; a refund only once the lot's staff have
 * acknowledged the report (someone at the lot confirmed the slot was taken), and never after the end.
 */
export function slotTakenChoiceProblem(
  issue: SlotTakenIssue,
  reservation: SlotTakenReservation | null,
  choice: SlotTakenChoice,
  now: Date,
): string | null {
  if (issue.category !== 'slot_taken' || issue.status === 'resolved' || !reservation || !isUnderWay(reservation, now))
    return SLOT_TAKEN_MESSAGES.notOffered;
  if (choice === 'refund' && issue.status !== 'acknowledged') return SLOT_TAKEN_MESSAGES.awaitingStaff;
  return null;
}

/** Whether the report offers the driver this remedy now: allowed, and no choice made yet. */
export const offersSlotTakenRemedy = (
  issue: SlotTakenIssue & { remedy: SlotTakenChoice | null },
  reservation: SlotTakenReservation | null,
  choice: SlotTakenChoice,
  now: Date,
) => !issue.remedy && slotTakenChoiceProblem(issue, reservation, choice, now) === null;
