/**
 * Random interleavings of book, modify, extend, cancel, no-show and alarm on one lot, with faults
 * injected (a lost commit, work after the batch throwing, the alarm firing between hold and write),
 * must never leave money and slots disagreeing (docs/booking.md, the invariant), nor a gap in the lot's
 * receipt numbers.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { holdsSlot } from '../../core/booking';
import { afterCommit } from '../db/after-commit';
import { charges, reservations, wallets, walletTransactions } from '../db/schema';
import type { LotDurableObject } from '../lot-object/lot-durable-object';
import { HOLD_TTL_MS, type SlotAuthority } from '../lot-object/protocol';
import { lotObject } from '../lot-object/stub';
import { contextWith, driver, lostAfterCommit, makeLot, MINUTE, serviceRequest } from '../test/booking-fixtures';
import { db, seedOnce } from '../test/helpers';
import { netPaid } from './reservations.data';
import { book, cancel, extend, modify, type BookingContext } from './reservations.service';
import { Refusal } from '../../core/refusal';
import { statusOf } from '../http/errors';
import { runLotTimers } from '../test/lot-timers';
import { bookOp, changeOps } from '../test/booking-ops';
import { expectGapFreeSeries, expectReceiptChain } from '../test/receipt-checks';

const SLOTS = 3;
type Fault =
  | 'none'
  | 'lost commit'
  | 'throw after the batch'
  | 'connection lost after the commit'
  | 'alarm mid-request'
  | 'no-show mid-request';
type Op =
  | { kind: 'book'; who: number; startMinutes: number; hours: number; fault: Fault }
  | { kind: 'modify'; pick: number; startMinutes: number; hours: number; fault: Fault }
  | { kind: 'extend'; pick: number; hours: number; fault: Fault }
  | { kind: 'cancel'; pick: number }
  | { kind: 'no-show'; afterMinutes: number }
  | { kind: 'alarm' };

const fault = fc.constantFrom<Fault>(
  'none',
  'none',
  'lost commit',
  'throw after the batch',
  'connection lost after the commit',
  'alarm mid-request',
  'no-show mid-request',
);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: bookOp(fault, fc.nat(1)) },
  ...changeOps(fault),
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('no-show' as const), afterMinutes: fc.constantFrom(30, 120, 420) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('alarm' as const) }) },
);

const afterLapse = () => Date.now() + HOLD_TTL_MS + 5_000;

/** The booking context for one operation, with its fault injected. */
function contextFor(lotId: string, injected: Fault): BookingContext {
  const stub = lotObject(env, lotId);
  switch (injected) {
    case 'lost commit':
      return contextWith({ lot: () => ({ commit: () => Promise.reject(new Error('commit lost')) }) });
    case 'connection lost after the commit':
      return contextWith({ db: lostAfterCommit() });
    case 'throw after the batch':
      return contextWith({
        afterCommit: (what, work) =>
          afterCommit(what, async () => {
            await work();
            throw new Error('injected');
          }),
      });
    case 'alarm mid-request':
    case 'no-show mid-request':
      // Between the hold and the write, the alarm fires: past the hold's lease, or past every no-show deadline.
      return contextWith({
        lot: (real: SlotAuthority) => ({
          hold: async (request, now) => {
            const held = await real.hold(request, now);
            await runLotTimers(stub, injected === 'alarm mid-request' ? afterLapse() : Date.now() + 7 * 60 * MINUTE);
            return held;
          },
        }),
      });
    default:
      return contextWith();
  }
}

let drivers: { user: { id: string } }[] = [];
beforeAll(async () => {
  await seedOnce();
  drivers = [await driver(20_000), await driver(20_000)];
});

/** Every invariant, after the alarm has settled whatever was left in flight. */
async function checkInvariants(lotId: string) {
  const stub = lotObject(env, lotId);
  await runLotTimers(stub, afterLapse());
  const rows = await db().select().from(reservations).where(eq(reservations.lotId, lotId));

  // No two live reservations of one slot overlap, in D1 …
  const live = rows.filter((r) => holdsSlot(r.status));
  for (const a of live) {
    for (const b of live) {
      if (a.id < b.id && a.slotId === b.slotId)
        expect(a.startTs >= b.endTs || b.startTs >= a.endTs, `${a.id} and ${b.id} share ${a.slotId}`).toBe(true);
    }
  }
  // … nor in the object, and the object holds exactly each live reservation's window, nothing for the others.
  await runInDurableObject(stub, (lot: LotDurableObject, state) => {
    const overlaps = state.storage.sql
      .exec(
        `SELECT a.reservation_id FROM holds a JOIN holds b ON a.slot_id = b.slot_id AND a.reservation_id < b.reservation_id
          AND a.start_ms < MAX(b.end_ms, b.kept_until) AND b.start_ms < MAX(a.end_ms, a.kept_until)`,
      )
      .toArray();
    expect(overlaps).toEqual([]);
    for (const r of rows) {
      const booking = lot.booking(r.id);
      if (holdsSlot(r.status))
        expect(booking, `${r.status} ${r.id}`).toMatchObject({
          slotId: r.slotId,
          startMs: Date.parse(r.startTs),
          endMs: Date.parse(r.endTs),
        });
      else expect(booking, `${r.status} ${r.id}`).toBeNull();
    }
  });

  // Money: what each reservation's ledger says was paid is its charges, its current receipt, and its price (or nothing once refunded);
  // the lot's receipts and voids are numbered 1…N whatever failed on the way.
  await expectGapFreeSeries(lotId);
  for (const r of rows) {
    const paid = await netPaid(db(), r.id);
    const charged = (await db().select().from(charges).where(eq(charges.reservationId, r.id))).reduce((sum, c) => sum + c.amountCents, 0);
    expect(charged, `charges of ${r.id}`).toBe(paid);
    expect((await expectReceiptChain(r.id, paid)).length, `receipts of ${r.id}`).toBeGreaterThan(0);
    if (r.status === 'CANCELLED') expect([0, r.amountCents]).toContain(paid);
    else expect(paid, `${r.status} ${r.id}`).toBe(r.amountCents);
  }
  for (const { user } of drivers) {
    const [wallet] = await db().select().from(wallets).where(eq(wallets.userId, user.id));
    const ledger = await db().select().from(walletTransactions).where(eq(walletTransactions.walletId, wallet.id));
    expect(wallet.balanceCents).toBe(ledger.reduce((sum, t) => sum + t.amountCents, 0));
    expect(wallet.balanceCents).toBeGreaterThanOrEqual(0);
  }
}

/** Runs one operation; refusals (4xx) and 'not confirmed, retry' (503) are expected outcomes, anything else fails the property. */
async function run(lotId: string, ids: string[], step: Op) {
  const now = Date.now();
  const at = (minutes: number) => new Date(now + minutes * MINUTE).toISOString();
  const target = (pick: number) => (ids.length ? ids[pick % ids.length] : null);
  const ownerOf = async (id: string) =>
    (
      await db()
        .select({ userId: reservations.userId })
        .from(reservations)
        .where(inArray(reservations.id, [id]))
    )[0].userId;
  try {
    switch (step.kind) {
      case 'book': {
        const userId = drivers[step.who].user.id;
        const booking = book(
          contextFor(lotId, step.fault),
          { lotId, start: at(step.startMinutes), durationHours: step.hours, plate: 'NAB 1234' },
          serviceRequest(userId, 'reservations.create'),
        );
        // A booking whose answer was lost (503) still counts in the invariants, which read every reservation of the lot.
        ids.push((await booking).reservation.id);
        return;
      }
      case 'modify': {
        const id = target(step.pick);
        if (id)
          await modify(
            contextFor(lotId, step.fault),
            id,
            { start: at(step.startMinutes), durationHours: step.hours },
            serviceRequest(await ownerOf(id), `reservations.modify:${id}`),
          );
        return;
      }
      case 'extend': {
        const id = target(step.pick);
        if (id) await extend(contextFor(lotId, step.fault), id, step.hours, serviceRequest(await ownerOf(id), `reservations.extend:${id}`));
        return;
      }
      case 'cancel': {
        const id = target(step.pick);
        if (id) await cancel(contextWith(), id, serviceRequest(await ownerOf(id), `reservations.cancel:${id}`));
        return;
      }
      case 'no-show':
        return runLotTimers(lotObject(env, lotId), now + step.afterMinutes * MINUTE);
      case 'alarm':
        return runLotTimers(lotObject(env, lotId), afterLapse());
    }
  } catch (error) {
    if (error instanceof Refusal && (statusOf(error.kind) < 500 || error.kind === 'unavailable')) return;
    throw error;
  }
}

describe('the booking invariant under random interleavings and faults', () => {
  it('never overbooks a slot, never leaves a paid live reservation without its exact window, never loses money', {
    timeout: 240_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(op, fc.integer({ min: 1, max: 3 })), { minLength: 4, maxLength: 16 }), async (steps) => {
        const lotId = await makeLot(SLOTS);
        const ids: string[] = [];
        // Operations run in small concurrent groups, so requests interleave inside the object and D1.
        for (let i = 0; i < steps.length; ) {
          const size = steps[i][1];
          await Promise.all(steps.slice(i, i + size).map(([step]) => run(lotId, ids, step)));
          i += size;
        }
        await checkInvariants(lotId);
      }),
      { numRuns: 20 },
    );
  });
});
