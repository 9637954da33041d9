/**
 * When a reservation has a QR pass and when the gate accepts it (docs/passes.md). The worker signs
 * these times into the pass; the web shows the pass only when the worker would issue it.
 */
import { holdsSlot } from './booking';
import { MINUTE_MS } from './time';

/** A driver may arrive this early; there is no tolerance after the end of the stay. */
export const PASS_EARLY_ARRIVAL_MINUTES = 15;

/** A reservation has a pass exactly while it holds a slot: still to be used (to enter) or in use (to leave). */
export const hasPass = holdsSlot;

/** The gate accepts a pass from 15 minutes before the start until the end. */
export function passValidity(startTs: string, endTs: string): { validFrom: Date; validUntil: Date } {
  return { validFrom: new Date(Date.parse(startTs) - PASS_EARLY_ARRIVAL_MINUTES * MINUTE_MS), validUntil: new Date(endTs) };
}
