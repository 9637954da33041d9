import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { pointsForSpend } from '../../core/wallet';
import { commit } from '../db/client';
import { walletTransactions } from '../db/schema';
import { db, seedOnce } from '../test/helpers';
import { newDriver, reservationsFor } from '../test/wallet-driver';
import { ledgerInsert } from './ledger.statements';

let walletId = '';
let userId = '';
beforeAll(async () => {
  await seedOnce();
  const driver = await newDriver();
  [userId, walletId] = [driver.user.id, driver.wallet.id];
  // Enough money for every payment below: the points, not the balance, are under test.
  await commit(db(), [ledgerInsert(db(), { walletId, type: 'CREDIT', amountCents: 1_000_000_000, description: 'Float' })]);
});

const newReservation = async () => (await reservationsFor(userId, 1))[0];

const pointsOf = async (reservationId: string) =>
  (
    await db()
      .select({ points: sql<number>`COALESCE(SUM(${walletTransactions.pointsDelta}), 0)` })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.walletId, walletId), eq(walletTransactions.reservationId, reservationId)))
  )[0].points;

// Around a point's edge (₱10) as well as anywhere.
const amount = fc.oneof(fc.constantFrom(1, 999, 1_000, 1_001, 1_999, 2_000, 10_000), fc.integer({ min: 1, max: 60_000 }));

describe('the points rule in the ledger', () => {
  it('posts points so a reservation always holds pointsForSpend(its net paid), for any payments and refunds (property)', async () => {
    const step = fc.record({ kind: fc.constantFrom('PAYMENT' as const, 'REFUND' as const), amount });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const reservationId = await newReservation();
        let netPaid = 0;
        for (const { kind, amount } of steps) {
          // A refund never exceeds what was paid for the reservation.
          const cents = kind === 'REFUND' ? Math.min(amount, netPaid) : amount;
          if (cents === 0) continue;
          const signed = kind === 'PAYMENT' ? -cents : cents;
          await commit(db(), [ledgerInsert(db(), { walletId, type: kind, amountCents: signed, description: kind, reservationId })]);
          netPaid -= signed;
          expect(await pointsOf(reservationId)).toBe(pointsForSpend(netPaid));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('earns no points on rows of other types, nor on a payment of no reservation', async () => {
    const reservationId = await newReservation();
    await commit(db(), [
      ledgerInsert(db(), { walletId, type: 'DEBIT', amountCents: -5_000, description: 'Debit', reservationId }),
      ledgerInsert(db(), { walletId, type: 'PAYMENT', amountCents: -5_000, description: 'No reservation' }),
    ]);
    expect(await pointsOf(reservationId)).toBe(0);
    const [row] = await db()
      .select({ points: walletTransactions.pointsDelta })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.walletId, walletId), eq(walletTransactions.description, 'No reservation')));
    expect(row.points).toBe(0);
  });
});
