/**
 * Official receipt numbers (docs/booking.md, Receipts): each lot's documents are numbered 1…N with no
 * gap and no number twice, whatever runs at once and whatever batch fails, because the number is
 * taken by a statement of the paying batch itself.
 */
import { env } from 'cloudflare:test';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { receiptNumberOf } from '../../core/receipts';
import { Refusal } from '../../core/refusal';
import { lots, receipts, receiptSeries, reservations } from '../db/schema';
import { statusOf } from '../http/errors';
import { HOLD_TTL_MS, type SlotAuthority } from '../lot-object/protocol';
import { lotObject } from '../lot-object/stub';
import { netPaid } from '../reservations/reservations.data';
import { book, cancel, extend, modify, type BookingContext } from '../reservations/reservations.service';
import type { Api } from '../test/api-types';
import {
  cancelBooking,
  contextWith,
  driver,
  extendBooking,
  failInserts,
  inMinutes,
  makeLot,
  MINUTE,
  modifyBooking,
  reserve,
  serviceRequest,
  topUp,
} from '../test/booking-fixtures';
import { call, db, seedOnce } from '../test/helpers';
import { runLotTimers } from '../test/lot-timers';
import { expectGapFreeSeries, expectReceiptChain } from '../test/receipt-checks';
import { bookOp, changeOps } from '../test/booking-ops';

type Booking = InferResponseType<Api['reservations']['$post'], 201>;
type Receipts = InferResponseType<Api['receipts']['$get'], 200>;
type Receipt = InferResponseType<Api['receipts'][':id']['$get'], 200>;

beforeAll(seedOnce);

const prefixOf = async (lotId: string) => (await db().select().from(receiptSeries).where(eq(receiptSeries.lotId, lotId)))[0]?.prefix;
const numbersOf = async (lotId: string) => (await expectGapFreeSeries(lotId)).map((document) => document.number);
const afterLapse = () => Date.now() + HOLD_TTL_MS + 5_000;

/** A booking context whose lot object, once the slot is held and before the batch runs, lets `meanwhile` happen. */
const holdingThen = (meanwhile: () => Promise<unknown>): BookingContext =>
  contextWith({
    lot: (real: SlotAuthority) => ({
      hold: async (request, now) => {
        const held = await real.hold(request, now);
        await meanwhile();
        return held;
      },
    }),
  });

describe('receipt numbers', () => {
  it('numbers concurrent checkouts at one lot 1…N: no gap, no number twice', async () => {
    const N = 16;
    const lotId = await makeLot(N);
    const drivers = await Promise.all([driver(2_000), driver(2_000), driver(2_000), driver(2_000)]);
    const start = inMinutes(120);
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) => reserve(drivers[i % drivers.length].cookie, { lotId, start, durationHours: 1 })),
    );
    expect(results.map((res) => res.status)).toEqual(Array(N).fill(201));
    const bookings = await Promise.all(results.map((res) => res.json<Booking>()));

    const prefix = await prefixOf(lotId);
    const numbers = await numbersOf(lotId);
    expect(numbers).toEqual(Array.from({ length: N }, (_, i) => receiptNumberOf(prefix, i + 1)));
    // One receipt per booking, and the drivers' lists carry exactly those numbers.
    const listed = (
      await Promise.all(drivers.map(async ({ cookie }) => (await (await call('/api/receipts', { cookie })).json<Receipts>()).items))
    ).flat();
    expect(listed.map((receipt) => receipt.reservationId).sort()).toEqual(bookings.map((booking) => booking.id).sort());
    expect(listed.map((receipt) => receipt.number).sort()).toEqual(numbers);
  });

  it('gives lots opening their series at the same moment prefixes of their own', async () => {
    // Six lots of one name, so of the same initials: each first document still gets a prefix no other lot has.
    const lotIds = await Promise.all(Array.from({ length: 6 }, () => makeLot(1)));
    await db().update(lots).set({ name: 'Salcedo Night Parking' }).where(inArray(lots.id, lotIds));
    const { cookie } = await driver(2_000);
    const results = await Promise.all(lotIds.map((lotId) => reserve(cookie, { lotId, start: inMinutes(90), durationHours: 1 })));
    expect(results.map((res) => res.status)).toEqual(Array(6).fill(201));
    const prefixes = await Promise.all(lotIds.map(prefixOf));
    expect([...prefixes].sort()).toEqual(['SNP1', 'SNP2', 'SNP3', 'SNP4', 'SNP5', 'SNP6']);
    for (const [i, lotId] of lotIds.entries()) expect(await numbersOf(lotId)).toEqual([receiptNumberOf(prefixes[i], 1)]);
  });

  it('takes no number for a batch that fails: a short wallet, a lapsed hold, a fault in the database', async () => {
    const lotId = await makeLot(4);
    const { user, cookie } = await driver(100);
    const request = () => serviceRequest(user.id, 'reservations.create');
    const booking = (at: number) => ({ lotId, start: inMinutes(at), durationHours: 2, plate: 'NAB 1234' });

    // ₱100 covers one ₱80 booking: another one pays between this booking's balance check and its batch.
    const refused = book(
      holdingThen(async () => expect((await reserve(cookie, { lotId, start: inMinutes(300), durationHours: 2 })).status).toBe(201)),
      booking(60),
      request(),
    );
    await expect(refused).rejects.toMatchObject({ kind: 'insufficient_funds' });
    const prefix = await prefixOf(lotId);
    expect(await numbersOf(lotId)).toEqual([receiptNumberOf(prefix, 1)]);
    await topUp(cookie, 1_000);

    // The lot object lets the hold lapse before the batch: the batch fails on the hold's claim.
    const lapsed = book(
      holdingThen(() => runLotTimers(lotObject(env, lotId), afterLapse())),
      booking(60),
      request(),
    );
    await expect(lapsed).rejects.toMatchObject({ kind: 'conflict' });
    expect(await numbersOf(lotId)).toHaveLength(1);

    // The database refuses the last statements of the batch (after the receipt's).
    const fault = await failInserts('hold_claims', "NEW.outcome = 'committed'");
    try {
      await expect(book(contextWith(), booking(60), request())).rejects.toMatchObject({ kind: 'unavailable' });
    } finally {
      await fault.heal();
    }
    expect(await numbersOf(lotId)).toHaveLength(1);

    // The next document takes the next number.
    const next = await book(contextWith(), booking(600), request());
    expect(await numbersOf(lotId)).toEqual([receiptNumberOf(prefix, 1), receiptNumberOf(prefix, 2)]);
    const [receipt] = await db().select().from(receipts).where(eq(receipts.reservationId, next.reservation.id));
    expect(receipt.number).toBe(receiptNumberOf(prefix, 2));
  });

  it('voids a receipt with a new numbered document referring to it, and issues the new amount under the next number', async () => {
    const lotId = await makeLot(2);
    const { cookie } = await driver(2_000);
    const booked = await (await reserve(cookie, { lotId, start: inMinutes(120), durationHours: 2 })).json<Booking>();
    const prefix = await prefixOf(lotId);
    const number = (n: number) => receiptNumberOf(prefix, n);
    const current = async () => (await (await call('/api/receipts', { cookie })).json<Receipts>()).items[0];
    const read = async (id: string) => (await call(`/api/receipts/${id}`, { cookie })).json<Receipt>();

    // A modification to a shorter window refunds the difference: VOID 2 of receipt 1, receipt 3 for ₱40.
    expect((await modifyBooking(cookie, booked.id, { start: inMinutes(180), durationHours: 1 })).status).toBe(200);
    const afterRefund = await read((await current()).id);
    expect(afterRefund).toMatchObject({ number: number(3), amountCents: 4_000, replaces: { number: number(1) }, voidedBy: null });
    const first = await read(afterRefund.replaces!.id);
    expect(first).toMatchObject({
      number: number(1),
      amountCents: 8_000,
      voidedBy: { number: number(2) },
      replacedBy: { number: number(3) },
    });
    expect(await read(first.voidedBy!.id)).toMatchObject({
      kind: 'VOID',
      number: number(2),
      amountCents: 8_000,
      voids: { number: number(1) },
    });

    // A modification at the same price moves no money: the receipt stands.
    expect((await modifyBooking(cookie, booked.id, { start: inMinutes(200), durationHours: 1 })).status).toBe(200);
    expect((await current()).number).toBe(number(3));

    // An extension pays more: VOID 4 of receipt 3, receipt 5.
    expect((await extendBooking(cookie, booked.id, 1)).status).toBe(200);
    expect(await current()).toMatchObject({ number: number(5), amountCents: 8_000, replaces: { number: number(3) } });

    // A cancellation refunds everything: VOID 6 only; the list keeps receipt 5, voided.
    expect((await cancelBooking(cookie, booked.id)).status).toBe(200);
    expect(await current()).toMatchObject({ number: number(5), voidedBy: { number: number(6) } });
    const documents = await expectReceiptChain(booked.id, 0);
    expect(documents.map((document) => [document.kind, document.number])).toEqual([
      ['RECEIPT', number(1)],
      ['VOID', number(2)],
      ['RECEIPT', number(3)],
      ['VOID', number(4)],
      ['RECEIPT', number(5)],
      ['VOID', number(6)],
    ]);
    expect(await numbersOf(lotId)).toEqual([1, 2, 3, 4, 5, 6].map(number));
  });

  it('keeps a series per lot: bookings at two lots in turn are numbered 1, 2, 3 at each', async () => {
    const [lotA, lotB] = [await makeLot(3), await makeLot(3)];
    const { cookie } = await driver(2_000);
    for (let i = 0; i < 3; i++) {
      for (const lotId of [lotA, lotB])
        expect((await reserve(cookie, { lotId, start: inMinutes(60 + i * 10), durationHours: 1 })).status).toBe(201);
    }
    const [prefixA, prefixB] = [await prefixOf(lotA), await prefixOf(lotB)];
    expect(prefixA).not.toBe(prefixB);
    expect(await numbersOf(lotA)).toEqual([1, 2, 3].map((n) => receiptNumberOf(prefixA, n)));
    expect(await numbersOf(lotB)).toEqual([1, 2, 3].map((n) => receiptNumberOf(prefixB, n)));
  });
});

/** Now and then the hold lapses between the hold and the batch: the batch fails on the claim, after its receipt statements. */
type Fault = 'none' | 'hold lapses';
const fault = fc.constantFrom<Fault>('none', 'none', 'none', 'none', 'none', 'hold lapses');
type Op =
  | { kind: 'book'; lot: number; who: number; startMinutes: number; hours: number; fault: Fault }
  | { kind: 'modify'; pick: number; startMinutes: number; hours: number; fault: Fault }
  | { kind: 'extend'; pick: number; hours: number; fault: Fault }
  | { kind: 'cancel'; pick: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(bookOp(fault, fc.nat(2)), fc.nat(2)).map(([booking, lot]) => ({ ...booking, lot })) },
  ...changeOps(fault),
);

describe('receipt numbers under random bookings, changes and refunds', () => {
  it('numbers each lot 1…N with no gap and no number twice, and each reservation keeps one chain of receipts equal to what was paid', {
    timeout: 240_000,
  }, async () => {
    // Three drivers, one of them short of money, so some payments fail in their batch.
    const drivers = [await driver(3_000), await driver(3_000), await driver(150)];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.tuple(op, fc.integer({ min: 1, max: 4 })), { minLength: 4, maxLength: 14 }),
        async (lotCount, steps) => {
          const lotIds = await Promise.all(Array.from({ length: lotCount }, () => makeLot(3)));
          const ids: string[] = [];
          // Operations run in small concurrent groups, so batches of one lot and one reservation race.
          for (let i = 0; i < steps.length; ) {
            const size = steps[i][1];
            await Promise.all(steps.slice(i, i + size).map(([step]) => run(lotIds, drivers, ids, step)));
            i += size;
          }
          for (const lotId of lotIds) await expectGapFreeSeries(lotId);
          const rows = await db().select({ id: reservations.id }).from(reservations).where(inArray(reservations.lotId, lotIds));
          for (const { id } of rows) await expectReceiptChain(id, await netPaid(db(), id));
        },
      ),
      { numRuns: 25 },
    );
  });
});

/** Runs one operation; refusals (4xx) and 'not confirmed, retry' (503) are expected outcomes, anything else fails the property. */
async function run(lotIds: string[], drivers: { user: { id: string } }[], ids: string[], step: Op) {
  const now = Date.now();
  const at = (minutes: number) => new Date(now + minutes * MINUTE).toISOString();
  const target = (pick: number) => (ids.length ? ids[pick % ids.length] : null);
  const ownerOf = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0];
  const context = (lotId: string, injected: Fault) =>
    injected === 'hold lapses' ? holdingThen(() => runLotTimers(lotObject(env, lotId), afterLapse())) : contextWith();
  try {
    switch (step.kind) {
      case 'book': {
        const lotId = lotIds[step.lot % lotIds.length];
        const userId = drivers[step.who].user.id;
        const booked = await book(
          context(lotId, step.fault),
          { lotId, start: at(step.startMinutes), durationHours: step.hours, plate: 'NAB 1234' },
          serviceRequest(userId, 'reservations.create'),
        );
        ids.push(booked.reservation.id);
        return;
      }
      case 'modify':
      case 'extend': {
        const id = target(step.pick);
        if (!id) return;
        const { userId, lotId } = await ownerOf(id);
        if (step.kind === 'modify')
          await modify(
            context(lotId, step.fault),
            id,
            { start: at(step.startMinutes), durationHours: step.hours },
            serviceRequest(userId, `reservations.modify:${id}`),
          );
        else await extend(context(lotId, step.fault), id, step.hours, serviceRequest(userId, `reservations.extend:${id}`));
        return;
      }
      case 'cancel': {
        const id = target(step.pick);
        if (id) await cancel(contextWith(), id, serviceRequest((await ownerOf(id)).userId, `reservations.cancel:${id}`));
        return;
      }
    }
  } catch (error) {
    if (error instanceof Refusal && (statusOf(error.kind) < 500 || error.kind === 'unavailable')) return;
    throw error;
  }
}
