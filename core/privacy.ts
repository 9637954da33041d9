/**
 * The Data Privacy Act (RA 10173) as rules (docs/privacy.md):
 * - retention: no record is kept longer than its purpose needs (sec. 11(e)). The daily Cron applies each
 *   period (worker/privacy/retention.service.ts) and the Privacy Policy quotes them, so the numbers have
 *   this one home;
 * - a signed-in person's rights: a copy of everything held about them ("Download my data") and the
 *   erasure of their identity ("Delete my account").
 */
import { z } from 'zod';
import { formatPeso } from './money';
import { ROLE_LABELS, type Role } from './roles';
import { SESSION_LIFETIME_MS } from './session';
import { DAY_MS, manilaDate } from './time';
import { MASK_DOT, maskPlate, normalizePlate } from './vehicles';

export const RETENTION = {
  /** A sign-in's record (the devices it was made on, the active-user count): while its session could still be live. */
  signInDays: SESSION_LIFETIME_MS / DAY_MS,
  /** A registration of interest from the landing page: a year to tell the person we opened to them. */
  earlyRegistrationMonths: 12,
  /**
   * The plate of a stay that ended (a check-in that left or was undone, a booking over) and of the audit
   * entries naming it: an owner's year of reports and the disputes of the year's end, plus a month.
   * The money records themselves stay (receipts for the BIR's ten years); only the plate is masked.
   */
  closedStayPlateMonths: 13,
  /**
   * A notification (its words may name a plate, a stay or a payment): as long as the plates of the stays
   * and passes it tells of, then deleted whole.
   */
  notificationMonths: 13,
  /** The documents of a rejected owner application: time to ask about the decision or apply again. */
  rejectedDocumentDays: 90,
  /** The photo of a driver's report to a lot, once the report is resolved: time to come back to it. */
  resolvedIssuePhotoDays: 90,
  /**
   * A support request answered and quiet since (no message): deleted whole, with its thread and
   * attachment, two years on; time to come back to it and to answer a complaint about the answer.
   */
  answeredSupportMonths: 24,
} as const;

const daysBefore = (now: number, days: number) => new Date(now - days * DAY_MS).toISOString();

/** The same day of the month, `months` calendar months earlier (UTC); a day the month lacks rolls into the next. */
function monthsBefore(now: number, months: number) {
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() - months);
  return at.toISOString();
}

/** The instants before which each kind of record has outlived its period, as of `now`. */
export const retentionCutoffs = (now: number) => ({
  signIns: daysBefore(now, RETENTION.signInDays),
  earlyRegistrations: monthsBefore(now, RETENTION.earlyRegistrationMonths),
  closedStayPlates: monthsBefore(now, RETENTION.closedStayPlateMonths),
  notifications: monthsBefore(now, RETENTION.notificationMonths),
  rejectedDocuments: daysBefore(now, RETENTION.rejectedDocumentDays),
  resolvedIssuePhotos: daysBefore(now, RETENTION.resolvedIssuePhotoDays),
  answeredSupport: monthsBefore(now, RETENTION.answeredSupportMonths),
});

/** `DELETE /api/account`: the password proves it is the person; a wallet balance is kept unless they give it up. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.').max(128),
  forfeitBalance: z.boolean().optional(),
});

/** What stands in for an erased person's names: the account stays as a pseudonymous id for the records the law keeps. */
export const ERASED_FIRST_NAME = 'Deleted';
export const ERASED_LAST_NAME = 'user';
/** An address that can never receive mail (`.invalid`, RFC 2606), unique per account, so the real one is free to sign up again. */
export const erasedEmail = (userId: string) => `deleted-${userId}@deleted.parkada.invalid`;
/** What replaces an erased e-mail, name, phone or plate inside the words of a record that is kept (the audit trail). */
export const ERASED_TEXT = '[erased]';

/** The download's file name, by the Manila date it was made. */
export const exportFileName = (now: Date) => `parkada-data-${manilaDate(now)}.zip`;

/** How a download finds the people its records mention: by their id (a UUID) or their e-mail address. */
export const RECORD_ID_PATTERN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
export const EMAIL_ADDRESS_PATTERN = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** Someone the person's records mention, as their download may name them: by role only. */
export type MentionedPerson = { id: string; email: string; firstName: string; lastName: string; role: Role };
/** What is the person's own in their download: their addresses (the account's, one it is changing to) and plates. */
export type DownloadOwner = { emails: readonly string[]; plates: readonly string[] };

/** What stands for an e-mail address in a download that is neither the person's nor anyone's the records name. */
export const ANOTHER_PERSON = 'another person';

type Rows = Record<string, unknown>[];

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The person's records as "Download my data" gives them (docs/privacy.md): everyone else they mention
 * appears by role only ("Attendant"), never by id, name or e-mail, whether in a column or inside JSON
 * (an audit entry's context); and a field named for a plate is whole only when the plate is one of the
 * person's own, masked otherwise (another car let in on their booking, the cars a staff member handled).
 */
export function asTheirDownload<T extends Record<string, Rows>>(data: T, owner: DownloadOwner, others: readonly MentionedPerson[]): T {
  const roleOf = new Map<string, string>();
  for (const person of others) {
    const name = `${person.firstName} ${person.lastName}`;
    // The audit trail's "Name <e-mail>" first, so it reads as one role rather than two.
    for (const word of [`${name} <${person.email}>`, person.email, name, person.id])
      roleOf.set(word.toLowerCase(), ROLE_LABELS[person.role]);
  }
  const mentions =
    roleOf.size > 0
      ? new RegExp(
          [...roleOf.keys()]
            .sort((a, b) => b.length - a.length)
            .map(escaped)
            .join('|'),
          'gi',
        )
      : null;
  const ownEmails = new Set(owner.emails.map((email) => email.toLowerCase()));
  const ownPlates = new Set(owner.plates.map(normalizePlate));

  const text = (value: string) =>
    (mentions ? value.replace(mentions, (word) => roleOf.get(word.toLowerCase())!) : value).replace(EMAIL_ADDRESS_PATTERN, (address) =>
      ownEmails.has(address.toLowerCase()) ? address : ANOTHER_PERSON,
    );
  const plate = (value: string) =>
    ownPlates.has(normalizePlate(value)) || value.includes(MASK_DOT) || value === ERASED_TEXT ? value : maskPlate(value);
  const field = (key: string, value: unknown): unknown => {
    if (Array.isArray(value)) return value.map((item) => field(key, item));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, field(name, inner)]));
    if (typeof value !== 'string') return value;
    if (/plate/i.test(key)) return plate(value);
    const json = jsonIn(value);
    return json === undefined ? text(value) : JSON.stringify(field(key, json));
  };
  return Object.fromEntries(Object.entries(data).map(([table, rows]) => [table, field(table, rows)])) as T;
}

/** The value a column holds as JSON (an audit context, a notification's metadata), or undefined for plain text. */
function jsonIn(value: string): unknown {
  if (!/^\s*[[{]/.test(value)) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** Only the host of a push endpoint: enough to recognise the browser's push service, nothing that reaches it. */
export const endpointHost = (endpoint: string) => URL.parse(endpoint)?.host ?? '';

/** What is still open on an account, each of which refuses its deletion until settled. */
export type OpenItems = { reservations: number; passesInForce: number; balanceCents: number; activeLots: number };

/** The refusal of a deletion in the person's words, what is open and what to do, or null when nothing is. */
export function openItemsRefusal(open: OpenItems, forfeitBalance: boolean): string | null {
  const reasons: string[] = [];
  if (open.reservations > 0)
    reasons.push(
      `you have ${open.reservations} reservation${open.reservations === 1 ? '' : 's'} not yet ended: cancel ${open.reservations === 1 ? 'it' : 'them'} or wait until ${open.reservations === 1 ? 'it ends' : 'they end'}`,
    );
  if (open.passesInForce > 0) reasons.push(`you have a monthly pass in force: turn off its auto-renew and wait until it ends`);
  if (open.activeLots > 0)
    reasons.push(
      `you own ${open.activeLots} active lot${open.activeLots === 1 ? '' : 's'}: deactivate or delete ${open.activeLots === 1 ? 'it' : 'them'} first`,
    );
  if (open.balanceCents > 0 && !forfeitBalance)
    reasons.push(
      `your wallet holds ${formatPeso(open.balanceCents)}: refund your top-ups to their source in Wallet first, or confirm that you give up the balance`,
    );
  if (reasons.length === 0) return null;
  return `Your account cannot be deleted yet: ${reasons.join('; ')}.`;
}
