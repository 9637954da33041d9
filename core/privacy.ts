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
import { SESSION_LIFETIME_MS } from './session';
import { DAY_MS, manilaDate } from './time';

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
