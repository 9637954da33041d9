/**
 * How long Parkada keeps personal data (docs/privacy.md, Retention): no longer than its purpose needs
 * (RA 10173, sec. 11(e)). The daily Cron applies each period (worker/privacy/retention.service.ts) and
 * the Privacy Policy quotes them, so the numbers have this one home.
 */
import { SESSION_LIFETIME_MS } from './session';
import { DAY_MS } from './time';

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
  /** The documents of a rejected owner application: time to ask about the decision or apply again. */
  rejectedDocumentDays: 90,
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
  rejectedDocuments: daysBefore(now, RETENTION.rejectedDocumentDays),
});
