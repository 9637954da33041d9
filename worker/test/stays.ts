/** Stays as tests write them: D1's records, moved into their lot's object (docs/gate.md, "Where a stay lives"). */
import { DAY_MS, HOUR_MS } from '../../core/time';
import { checkins } from '../db/schema';
import type { StayRecord } from '../lot-object/protocol';
import { db } from './helpers';

/** A closed stay as D1 records it. */
export const closedStay = (id: string, overrides: Partial<StayRecord> = {}): StayRecord => ({
  id,
  lotId: 'lot',
  reservationId: `r-${id}`,
  shiftId: null,
  attendantId: null,
  plate: 'NBC 1234',
  slotId: null,
  slotLabel: 'A-1',
  walkIn: false,
  entryTs: '2026-01-05T01:00:00.000Z',
  exitTs: '2026-01-05T03:00:00.000Z',
  exitShiftId: null,
  exitAttendantId: null,
  amountCents: 5000,
  validatedCents: 0,
  paidBy: 'cash',
  payerId: null,
  lostTicket: false,
  override: false,
  overrideReason: null,
  exitOverrideReason: null,
  undoneAt: null,
  monthlyPassId: null,
  tagId: null,
  exitTagId: null,
  reopenedFrom: null,
  plateReadText: 'NBC 1234',
  plateReadConfidence: 0.9,
  plateReadCorrected: false,
  ...overrides,
});

/** Stays written straight into D1 at a lot (walk-ins, no account): `closedDaysAgo` null leaves them open. */
export async function staysInD1(lotId: string, count: number, closedDaysAgo: number | null, prefix = crypto.randomUUID()) {
  const at = (days: number, hours: number) => new Date(Date.now() - days * DAY_MS - hours * HOUR_MS).toISOString();
  const stays = Array.from({ length: count }, (_, n) =>
    closedStay(`${prefix}-${String(n).padStart(4, '0')}`, {
      lotId,
      reservationId: null,
      walkIn: true,
      plateReadText: null,
      entryTs: at(closedDaysAgo ?? 5, 3 + n / 1000),
      exitTs: closedDaysAgo === null ? null : at(closedDaysAgo, 1),
    }),
  );
  // Three rows a statement: D1 binds at most 100 values.
  for (let i = 0; i < stays.length; i += 3)
    await db()
      .insert(checkins)
      .values(stays.slice(i, i + 3));
  return stays;
}
