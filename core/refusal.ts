/**
 * Why the product says no, in the product's words: the one error type services and data modules
 * throw. A small closed set of kinds; the worker's `onError` turns each into its HTTP status and the
 * API's JSON error shape (`{ message, issues?, ...detail }`), and callers such as Auto Extend switch
 * on the kind instead of reading a response.
 */
const REFUSAL_KINDS = [
  /** The request breaks a rule of its own (a bad time, a missing plate). */
  'invalid',
  /** Who is asking is not known (a password that does not match). */
  'unauthenticated',
  /** The wallet holds less than the charge. */
  'insufficient_funds',
  /** Known, but not theirs to do. */
  'forbidden',
  'not_found',
  /** The state of things refuses it now: taken, already done, changed meanwhile, closed. */
  'conflict',
  /** A file larger than allowed. */
  'too_large',
  'too_many_attempts',
  /** An outside service (the payment gateway) answered wrongly. */
  'upstream_failed',
  /** A part of the platform is not set up or not answering. */
  'unavailable',
  /** Records the product kept are not where it kept them (an archived period missing from its bucket): never answered as empty. */
  'records_missing',
] as const;
export type RefusalKind = (typeof REFUSAL_KINDS)[number];

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** Fields the client reads beside the message (say, how much to top up). */
    readonly detail?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

export const refusal = (kind: RefusalKind, message: string, detail?: Record<string, unknown>) => new Refusal(kind, message, detail);

/** A request refused for one field's value: the API lists it as that field's issue, so a form shows it under the field. */
export const invalidField = (path: string, message: string) => new Refusal('invalid', message, { issues: [{ path, message }] });

export const notFound = (what = 'Resource') => new Refusal('not_found', `${what} not found`);
