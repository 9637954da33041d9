/**
 * Time rules of a booking, shared by the worker (to refuse) and the web (to offer): lot hours in
 * Manila, the window checks, free cancellation, the no-show grace, and the reservation tabs.
 */
import { DAY_MS, HOUR_MS, MINUTE_MS, manilaDate, manilaWall } from './time';
import { shortIdOf } from './ids';

export const DURATION_HOURS = [1, 2, 4, 8, 24] as const;
/** Spec: free cancellation up to 15 minutes before arrival (the default of the platform setting). */
export const FREE_CANCEL_MINUTES = 15;
/** Spec: arrive within 15 minutes of the start or the reservation is cancelled automatically (the default of the platform setting). */
export const NO_SHOW_GRACE_MINUTES = 15;
/** The start reminder goes out this long before the start (in the app, and by Web Push). */
export const START_REMINDER_MINUTES = 30;
/** "Ends in 15 minutes", with its Extend action; Auto Extend acts at the same moment. */
export const END_REMINDER_MINUTES = 15;
/** A booking may start at most this long ago (a "now" booking made a minute late still counts). */
const START_SLACK_MS = 5 * MINUTE_MS;

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type LotHours = Partial<Record<Weekday, { open: string; close: string }>>;
export type LotRules = { maxDuration?: number; allowOvernight?: boolean; vehicleTypes?: string[]; walkInHorizonMinutes?: number };

/** Park-and-fly's bound: a stay by the day is at most 30 days (the quote's bound is 31). */
const MAX_STAY_DAYS = 30;
export const MAX_STAY_HOURS = MAX_STAY_DAYS * 24;
/**
 * The longest stay a lot takes, in hours: its maximum duration (24 h unless set); a lot that allows
 * overnight parking and stays of a whole day also sells stays by the day, up to 30 days (park-and-fly).
 */
export const maxStayHours = (rules: LotRules) => {
  const max = rules.maxDuration ?? 24;
  return rules.allowOvernight && max >= 24 ? MAX_STAY_HOURS : max;
};
/** The stays a lot's page offers: hours within its maximum, and whole days where it sells park-and-fly. */
export const stayChoices = (rules: LotRules): number[] => {
  const hours = DURATION_HOURS.filter((h) => h <= maxStayHours(rules) && h < 24);
  return maxStayHours(rules) > 24 ? [...hours, ...[1, 3, 7].map((days) => days * 24)] : hours;
};
/** "2 hours", "1 day", "3 days". */
export const stayLabel = (hours: number) => {
  const [count, unit] = hours >= 24 && hours % 24 === 0 ? [hours / 24, 'day'] : [hours, 'hour'];
  return `${count} ${unit}${count > 1 ? 's' : ''}`;
};

/** Manila weekday, date and minutes after midnight of an instant. */
export function manilaClock(date: Date): { weekday: Weekday; day: string; minutes: number } {
  const { weekday, hour, minute } = manilaWall(date);
  return { weekday, day: manilaDate(date), minutes: hour * 60 + minute };
}

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** 00:00–23:59 every day: the lot never closes, shown as 24/7. */
const isAlwaysOpen = (hours: LotHours) => WEEKDAYS.every((day) => hours[day]?.open === '00:00' && hours[day]?.close === '23:59');

/** Open Now made real: is the lot open at this instant (Manila time)? */
export function isOpenAt(hours: LotHours, at: Date): boolean {
  if (isAlwaysOpen(hours)) return true;
  const { weekday, minutes } = manilaClock(at);
  const today = hours[weekday];
  return !!today && minutes >= toMinutes(today.open) && minutes < toMinutes(today.close);
}

/** When the lot closes after `at` on the same Manila day; null when it never closes (24/7) or is closed now. */
export function closingAfter(hours: LotHours, at: Date): Date | null {
  if (isAlwaysOpen(hours) || !isOpenAt(hours, at)) return null;
  const { weekday, minutes } = manilaClock(at);
  return new Date(at.getTime() + (toMinutes(hours[weekday]!.close) - minutes) * MINUTE_MS - (at.getTime() % MINUTE_MS));
}

const dayLabel = (day: Weekday) => day[0].toUpperCase() + day.slice(1);

/** Why a window cannot be booked at this lot, or null when it can. Messages are shown as they are. */
export function windowProblem(
  window: { start: Date; end: Date },
  lot: { hours: LotHours; rules: LotRules },
  now = new Date(),
): string | null {
  const { start, end } = window;
  if (!(end > start)) return 'The end must be after the start.';
  if (start.getTime() < now.getTime() - START_SLACK_MS) return 'The start time is in the past.';
  if (start.getTime() - now.getTime() > 90 * DAY_MS) return 'Reservations open at most 90 days ahead.';
  const hours = (end.getTime() - start.getTime()) / HOUR_MS;
  const max = maxStayHours(lot.rules);
  if (hours > max && hours > 24 && !lot.rules.allowOvernight)
    return 'Stays over 24 hours need overnight parking, which this lot does not allow.';
  if (hours > max) return `This lot allows stays of at most ${max > 24 ? `${max / 24} days` : `${max} hours`}.`;
  const from = manilaClock(start);
  const to = manilaClock(new Date(end.getTime() - 1));
  if (from.day !== to.day && !lot.rules.allowOvernight) return 'Overnight parking is not allowed at this lot.';
  if (isAlwaysOpen(lot.hours)) return null;
  const today = lot.hours[from.weekday];
  if (!today) return `This lot is closed on ${dayLabel(from.weekday)}.`;
  const endMinutes = from.day === to.day ? to.minutes + 1 : Number.POSITIVE_INFINITY;
  if (from.minutes < toMinutes(today.open) || endMinutes > toMinutes(today.close)) {
    return `This lot is open ${today.open}–${today.close} on ${dayLabel(from.weekday)}; choose a time inside its hours.`;
  }
  return null;
}

/** Free cancellation (full refund) until `freeCancelMinutes` before the start. */
export const refundableAt = (start: string, freeCancelMinutes: number, now = new Date()) =>
  new Date(start).getTime() - now.getTime() >= freeCancelMinutes * MINUTE_MS;

export const noShowDeadline = (start: string, noShowGraceMinutes: number) =>
  new Date(new Date(start).getTime() + noShowGraceMinutes * MINUTE_MS);

export const RESERVATION_STATUSES = ['CONFIRMED', 'ACTIVE', 'COMPLETED', 'CANCELLED', 'EXPIRED'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** A reservation in these states keeps its slot in the lot's inventory; in any other it has none. */
export const holdsSlot = (status: ReservationStatus) => status === 'CONFIRMED' || status === 'ACTIVE';
export const RESERVATION_TABS = ['upcoming', 'active', 'past'] as const;
export type ReservationTab = (typeof RESERVATION_TABS)[number];

/** My Reservations' tabs; a confirmed stay whose time has begun is Active, where its driver looks for the pass. */
export function reservationTab(r: { status: ReservationStatus; startTs: string; endTs: string }, now = new Date()): ReservationTab {
  const started = new Date(r.startTs) <= now;
  const ended = new Date(r.endTs) <= now;
  if (r.status === 'CONFIRMED' && !started) return 'upcoming';
  if ((r.status === 'ACTIVE' || r.status === 'CONFIRMED') && !ended) return 'active';
  return 'past';
}

/**
 * Modify only while CONFIRMED and still refundable: a change could otherwise move a non-refundable
 * booking to a later start and make it refundable again. Cancel while CONFIRMED; extend while
 * CONFIRMED or ACTIVE (an extension never returns money).
 */
export const canModify = (r: { status: ReservationStatus; startTs: string }, freeCancelMinutes: number, now = new Date()) =>
  r.status === 'CONFIRMED' && refundableAt(r.startTs, freeCancelMinutes, now);
export const changesClosed = (freeCancelMinutes: number) =>
  `Changes close ${freeCancelMinutes} minutes before the start, with free cancellation.`;
export const canCancel = (r: { status: ReservationStatus }) => r.status === 'CONFIRMED';
export const canExtend = (r: { status: ReservationStatus; endTs: string }, now = new Date()) =>
  (r.status === 'CONFIRMED' || r.status === 'ACTIVE') && new Date(r.endTs) > now;

/** Time left on a stay, so the driver knows when to leave or extend. */
export function remainingTime(endTs: string, now = new Date()): string {
  const ms = new Date(endTs).getTime() - now.getTime();
  if (ms <= 0) return 'Expired';
  const minutes = Math.floor(ms / MINUTE_MS);
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** Pass id: a short code people can read out and type, from the reservation id. */
export const passIdOf = (reservationId: string) => shortIdOf(reservationId);

export const windowEnd = (start: string, body: { durationHours?: number; end?: string }) =>
  body.end ? new Date(body.end) : new Date(new Date(start).getTime() + (body.durationHours ?? 1) * HOUR_MS);

/** Monday as lots post it: Mon. */
const shortDay = (day: Weekday) => dayLabel(day).slice(0, 3);

/** "06:00" as lots post it, "6:00"; a day open 00:00–23:59 is "24 h". */
const dayHoursLabel = (day: LotHours[Weekday]) =>
  !day ? 'closed' : day.open === '00:00' && day.close === '23:59' ? '24 h' : `${day.open.replace(/^0/, '')}–${day.close.replace(/^0/, '')}`;

/**
 * A lot's week as one short label for its card, each run of days with the same hours as one group,
 * the way lots post them: "24/7", "Daily 7:00–23:00", "Mon closed · Tue–Sun 6:00–22:00". "Not specified"
 * only when no day has hours.
 */
export function hoursLabel(hours: LotHours): string {
  if (isAlwaysOpen(hours)) return '24/7';
  if (WEEKDAYS.every((day) => !hours[day])) return 'Not specified';
  const runs: { from: Weekday; to: Weekday; label: string }[] = [];
  for (const day of WEEKDAYS) {
    const label = dayHoursLabel(hours[day]);
    const last = runs.at(-1);
    if (last?.label === label) last.to = day;
    else runs.push({ from: day, to: day, label });
  }
  if (runs.length === 1) return `Daily ${runs[0].label}`;
  return runs.map(({ from, to, label }) => `${shortDay(from)}${from === to ? '' : `–${shortDay(to)}`} ${label}`).join(' · ');
}

/** Whether a lot with hours is closed all of this Manila day (drivers are told "Closed today"). */
const closedToday = (hours: LotHours, at: Date) => !hours[manilaClock(at).weekday] && WEEKDAYS.some((day) => hours[day]);

/** The hours label a driver reads: led by "Closed today" on a day the lot does not open. */
export const driverHoursLabel = (hours: LotHours, at: Date) =>
  closedToday(hours, at) ? `Closed today · ${hoursLabel(hours)}` : hoursLabel(hours);

/** What a reservation is charged (or, for REFUND, paid back) for: one charge row each. */
export const CHARGE_KINDS = ['BOOKING', 'MODIFICATION', 'EXTENSION', 'REFUND', 'OVERSTAY', 'WALK_IN'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];
/** Every kind of money a lot receives: its reservations' charges, and monthly passes sold (not a charge of any reservation). */
export const MONEY_KINDS = [...CHARGE_KINDS, 'MONTHLY_PASS'] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];
