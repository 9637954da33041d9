// Times are stored as ISO UTC; people see them in Manila time (Asia/Manila).

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * Manila keeps UTC+8 all year: the Philippines has had no daylight saving since 1990. So the Manila
 * calendar is plain arithmetic on a fixed offset: a Manila day is always 24 hours, a month the same
 * window on the worker, in SQL and in any browser, whatever its own zone or time-zone data.
 */
export const MANILA_OFFSET_MS = 8 * HOUR_MS;

/** A calendar date "YYYY-MM-DD" as the UTC midnight that stands for it in date arithmetic. */
const dateAsUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOfUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** "2026-02-30" has the shape of a date but is none: a calendar date reads back unchanged. */
export const isCalendarDate = (date: string) => {
  const ms = dateAsUtc(date);
  return !Number.isNaN(ms) && dateOfUtc(ms) === date;
};

/** The Manila calendar date of an instant, "2026-11-23". */
export const manilaDate = (at: Date | number) => dateOfUtc(new Date(at).getTime() + MANILA_OFFSET_MS);

/** The instant a Manila calendar date begins (its midnight in Manila). */
export const manilaDateStart = (date: string) => new Date(dateAsUtc(date) - MANILA_OFFSET_MS);

/** The midnight in Manila that began the day an instant falls on. */
export const manilaMidnight = (at: Date | number) => manilaDateStart(manilaDate(at));

/** The calendar date `days` after `date` (before it when negative). */
export const addDays = (date: string, days: number) => dateOfUtc(dateAsUtc(date) + days * DAY_MS);

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => Math.round((dateAsUtc(to) - dateAsUtc(from)) / DAY_MS) + 1;

/** Every calendar date from `from` to `to`, both included. */
export const eachDay = (from: string, to: string) => Array.from({ length: daysBetween(from, to) }, (_, i) => addDays(from, i));

/** The Manila calendar month of an instant, "2026-11". */
export const manilaMonthOf = (at: Date | number) => manilaDate(at).slice(0, 7);

/** The instants bounding a Manila calendar month "YYYY-MM", `[start, end)`, as ISO UTC. */
export function manilaMonthRange(month: string): { start: string; end: string } {
  const [year, monthNumber] = month.split('-').map(Number);
  const start = new Date(Date.UTC(year, monthNumber - 1, 1) - MANILA_OFFSET_MS);
  const end = new Date(Date.UTC(year, monthNumber, 1) - MANILA_OFFSET_MS);
  return { start: start.toISOString(), end: end.toISOString() };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/**
 * The Manila wall clock of an instant. People's dates and times are written from it here rather than
 * with Intl: Manila's offset is fixed, the words are the same on every device and the server, and a
 * phone spends tens of milliseconds building each time-zone formatter (docs/performance.md).
 */
export function manilaWall(at: string | number | Date) {
  const shifted = new Date(new Date(at).getTime() + MANILA_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    weekday: WEEKDAY_NAMES[shifted.getUTCDay()],
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}
type Wall = ReturnType<typeof manilaWall>;

/** "Nov 23, 2026". */
const dayOf = ({ year, month, day }: Wall) => `${MONTHS[month].slice(0, 3)} ${day}, ${year}`;
/** "8:15 PM". */
const clockOf = ({ hour, minute }: Wall) => `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;

/** e.g. "Nov 23, 2026", the Manila date of an instant. */
export const formatManilaDay = (at: string | number | Date) => dayOf(manilaWall(at));

/** Notification times as people say them, coarser with age; after a week, the date. */
export function relativeTime(iso: string, now = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d ago`;
  return formatManilaDay(iso);
}

/** e.g. "Nov 23, 2026, 8:15 PM", Manila time. */
export const formatDateTime = (iso: string | Date) => {
  const wall = manilaWall(iso);
  return `${dayOf(wall)}, ${clockOf(wall)}`;
};

/** "2026-11" → "November 2026". */
export const formatMonth = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${Number(month.slice(0, 4))}`;

/** "2026-11-27" → "November 27, 2026": a calendar date, as the legal pages date their versions. */
export const formatLongDate = (date: string) =>
  `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${Number(date.slice(0, 4))}`;

/**
 * A `datetime-local` value showing an instant in Manila time (whatever the device's zone). Manila keeps
 * UTC+8 all year, so it is arithmetic: a time-zone formatter costs a phone tens of milliseconds to build.
 */
export const toManilaInput = (date: Date) => new Date(date.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 16);

/** A `datetime-local` value read as Manila time → ISO instant with the +08:00 offset. */
export const fromManilaInput = (value: string) => new Date(`${value}:00+08:00`).toISOString();

/** The default arrival: now, rounded up to the next quarter hour, the first time a driver could plausibly arrive. */
export const nextQuarterHour = (now = new Date()) => new Date(Math.ceil(now.getTime() / 900_000) * 900_000);

/** e.g. "8:15 PM", Manila time. */
export const formatTime = (iso: string | Date) => clockOf(manilaWall(iso));

/** A length of time for people: "45m", "2h 5m". */
export function formatDuration(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  return whole < 60 ? `${whole}m` : `${Math.floor(whole / 60)}h ${whole % 60}m`;
}
