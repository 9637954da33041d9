/** What already settled a payment or a refund (`payment_events`), by id: the same event again changes nothing. */
import { statementOf, type DB } from '../db/client';
import { paymentEvents, type Payment } from '../db/schema';
import { ledgerFailure } from './ledger.statements';

/** What settled it: a webhook event (its id and type) or our look-up at the gateway (`lookup.…`). */
export type Settlement = { id: string; type: string };

export const recordEvent = (db: DB, event: Settlement, payment: Pick<Payment, 'id' | 'provider'>) =>
  statementOf(db, db.insert(paymentEvents).values({ id: event.id, provider: payment.provider, paymentId: payment.id, type: event.type }));

/** Whether a batch failed because it was done before: its event recorded, or its ledger row posted. */
export const isReplay = (error: unknown) => ledgerFailure(error) === 'duplicate' || String(error).includes('payment_events');
