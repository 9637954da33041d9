/** What other domains' D1 batches take of reservations (docs/architecture.md, the layering rule). */
import { and, eq, sql } from 'drizzle-orm';
import { statementOf, type DB } from '../db/client';
import { abortUnlessChanged } from '../db/guards';
import { charges, reservations } from '../db/schema';
import { newId } from '../db/ids';
import type { ChargeKind } from '../../core/booking';
import type { CardLine } from '../../core/rate-card';
import type { GatePaymentMethod } from '../../core/wallet';
import type { ReservationView } from './reservations.data';

export const updateIfUnchanged = (
  db: DB,
  read: { id: string; status: ReservationView['status']; version: number },
  set: Partial<typeof reservations.$inferInsert>,
) => [
  statementOf(
    db,
    db
      .update(reservations)
      .set({ ...set, version: sql`${reservations.version} + 1` })
      .where(and(eq(reservations.id, read.id), eq(reservations.status, read.status), eq(reservations.version, read.version))),
  ),
  abortUnlessChanged(db),
];

/** The one insert of a reservation, for the batch that pays for it (a booking, or a walk-in paid from a wallet). */
export const reservationInsert = (db: DB, reservation: typeof reservations.$inferInsert) =>
  statementOf(db, db.insert(reservations).values(reservation));

/** The one insert of a charge: what a reservation was charged, or (negative, REFUND) paid back. */
/** `method` only for a charge the gate may take in cash; every other charge is the wallet's. `lines`: a rate card's, kept for the receipt. */
export const chargeInsert = (
  db: DB,
  { lines, ...charge }: { reservationId: string; kind: ChargeKind; amountCents: number; method?: GatePaymentMethod; lines?: CardLine[] },
) => statementOf(db, db.insert(charges).values({ id: newId(), ...charge, linesJson: lines ? JSON.stringify(lines) : null }));
