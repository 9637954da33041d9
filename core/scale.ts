/**
 * How long records stay in D1 before they move on (docs/architecture.md, Scale): D1 is a bounded
 * directory, and what grows with traffic leaves it once nothing changes it any more.
 */
import { DAY_MS } from './time';

/**
 * A Manila month's charges stay in D1 this long after the month closed: the owners' statements of the
 * month are frozen on its first day after, and a week leaves the gate's late exits and refunds of that
 * month's stays in D1. Only charges of reservations that are over move (docs/payments.md, Archive).
 */
const CHARGES_HOT_DAYS = 7;
export const CHARGES_HOT_MS = CHARGES_HOT_DAYS * DAY_MS;
