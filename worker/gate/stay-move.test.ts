import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import worker from '../index';
import { backgroundFailures, checkins } from '../db/schema';
import { LotDurableObject } from '../lot-object/lot-durable-object';
import { lotObject } from '../lot-object/stub';
import { db } from '../test/helpers';
import { rawLot, run } from '../test/raw-records';
import { staysInD1 } from '../test/stays';
import { STAY_HOT_DAYS } from '../../core/scale';
import { eachStayOnce } from '../../core/stays';
import { moveStays, queueStayMoves, STAY_MOVE_BATCH, STAY_MOVES_QUEUE, type StayMove } from './stay-move.service';

const idsInD1 = async (lotId: string) =>
  (await db().select({ id: checkins.id }).from(checkins).where(eq(checkins.lotId, lotId))).map((row) => row.id).sort();
const idsInObject = async (lotId: string) =>
  (await lotObject(env, lotId).latestStays({ by: 'exit', limit: 10_000 })).map((stay) => stay.id).sort();
/** Every stay of the lot as a reader takes them: D1's, then the object's D1 does not hold. */
const readable = async (lotId: string) =>
  eachStayOnce(
    (await idsInD1(lotId)).map((id) => ({ id })),
    (await idsInObject(lotId)).map((id) => ({ id })),
  )
    .map((stay) => stay.id)
    .sort();

/** The lot's next batch handed to the worker's consumer as the Queue would, with a Queue that keeps what it is sent. */
async function deliver(lotId: string) {
  const sent: StayMove[] = [];
  const queue = { send: async (body: StayMove) => void sent.push(body) } as unknown as Queue<StayMove>;
  const batch = createMessageBatch<StayMove>(STAY_MOVES_QUEUE, [{ id: lotId, timestamp: new Date(), attempts: 1, body: { lotId } }]);
  await worker.queue(batch, { ...env, STAY_MOVES: queue });
  const result = await getQueueResult(batch, createExecutionContext());
  return { sent, retried: result.retryMessages.length > 0 };
}

/** D1 refuses to delete a stay until the fault is lifted. */
async function whileD1DeleteFails<T>(work: () => Promise<T>) {
  await env.DB.exec(
    "CREATE TRIGGER stay_delete_fault BEFORE DELETE ON checkins BEGIN SELECT RAISE(ABORT, 'injected delete failure'); END;",
  );
  try {
    return await work();
  } finally {
    await env.DB.exec('DROP TRIGGER stay_delete_fault');
  }
}

/** The object fails to keep a batch: before writing it (`before`), or after, its answer lost. */
async function whileObjectFails<T>(when: 'before' | 'after', work: () => Promise<T>) {
  const { keepStays } = LotDurableObject.prototype;
  LotDurableObject.prototype.keepStays = function (this: LotDurableObject, stays) {
    if (when === 'after') keepStays.call(this, stays);
    throw new Error(`Injected object failure ${when} the write`);
  };
  try {
    return await work();
  } finally {
    LotDurableObject.prototype.keepStays = keepStays;
  }
}

describe('the move of closed stays from D1 into their lot object', () => {
  it('moves stays closed before the hot window in batches, the next sent while some remain; open and recent stays stay; twice changes nothing', async () => {
    const { lotId } = await rawLot('Moving Lot', 0);
    const old = await staysInD1(lotId, STAY_MOVE_BATCH + 5, 3);
    const [open] = await staysInD1(lotId, 1, null);
    // Closed an hour inside the window (its last day).
    const [recent] = await staysInD1(lotId, 1, STAY_HOT_DAYS - 1);

    expect(await deliver(lotId)).toEqual({ sent: [{ lotId }], retried: false });
    expect(await deliver(lotId)).toEqual({ sent: [], retried: false });
    expect(await idsInD1(lotId)).toEqual([open.id, recent.id].sort());
    expect(await idsInObject(lotId)).toEqual(old.map((stay) => stay.id).sort());
    // The object keeps each stay as D1 recorded it.
    const byId = (list: { id: string }[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(await lotObject(env, lotId).latestStays({ by: 'exit', limit: 2_000 }))).toEqual(byId(old));

    expect(await moveStays(env, db(), lotId)).toBe('done');
    expect(await readable(lotId)).toEqual([...old, open, recent].map((stay) => stay.id).sort());
  });

  it('keeps a stay closed within the last day in D1 and moves one closed 25 hours ago (docs/gate.md, Where a stay lives)', async () => {
    const { lotId } = await rawLot('Yesterday Lot', 0);
    const [lastNight] = await staysInD1(lotId, 1, 0);
    const [dayBefore] = await staysInD1(lotId, 1, 1);
    expect(await moveStays(env, db(), lotId)).toBe('done');
    expect(await idsInD1(lotId)).toEqual([lastNight.id]);
    expect(await idsInObject(lotId)).toEqual([dayBefore.id]);
  });

  it("leaves the owner's figures as they were: the rollups keep counting a moved walk-in", async () => {
    const { lotId } = await rawLot('Figures Lot', 0);
    await staysInD1(lotId, 3, 3);
    const figures = () =>
      env.DB.prepare(
        `SELECT (SELECT sum(cents) FROM lot_money_days WHERE lot_id = ?1) AS cents, (SELECT sum(seconds) FROM lot_stay_hours WHERE lot_id = ?1) AS seconds`,
      )
        .bind(lotId)
        .first<{ cents: number; seconds: number }>();
    const before = await figures();
    expect(before?.cents).toBe(3 * 5000);
    expect(before?.seconds).toBeGreaterThan(0);

    expect(await moveStays(env, db(), lotId)).toBe('done');

    expect(await idsInD1(lotId)).toEqual([]);
    expect(await figures()).toEqual(before);
  });

  it('is asked by the daily Cron for every lot, one message each', async () => {
    const { lotId } = await rawLot('Cron Lot', 0);
    const sent: { body: StayMove }[] = [];
    const queue = { sendBatch: async (messages: { body: StayMove }[]) => void sent.push(...messages) } as unknown as Queue<StayMove>;
    await queueStayMoves({ ...env, STAY_MOVES: queue }, db());
    const lots = sent.map((message) => message.body.lotId);
    expect(lots).toContain(lotId);
    expect(new Set(lots).size).toBe(lots.length);
  });

  it('leaves in D1 a stay a refund, a validation or a reopening row names', async () => {
    const { lotId, ownerId } = await rawLot('Referenced Lot', 0);
    const [refunded, reopened, free] = await staysInD1(lotId, 3, 3);
    await run(
      "INSERT INTO gate_refunds (id, checkin_id, amount_cents, method, reason, refunded_by) VALUES (?, ?, 100, 'cash', 'x', ?)",
      crypto.randomUUID(),
      refunded.id,
      ownerId,
    );
    await run('UPDATE checkins SET reopened_from = ? WHERE id = ?', reopened.id, free.id);
    await moveStays(env, db(), lotId);
    // The row reopening a stay moves; the stay it reopened then may move at the next run.
    expect(await idsInD1(lotId)).toEqual([refunded.id, reopened.id].sort());
    await moveStays(env, db(), lotId);
    expect(await idsInD1(lotId)).toEqual([refunded.id]);
    expect(await readable(lotId)).toEqual([refunded, reopened, free].map((stay) => stay.id).sort());
  });

  it('when the object keeps a batch but D1 fails to delete it: nothing lost, nothing doubled, and the next run completes', async () => {
    const { lotId } = await rawLot('Delete Fault Lot', 0);
    const stays = (await staysInD1(lotId, 4, 3)).map((stay) => stay.id).sort();
    expect((await whileD1DeleteFails(() => deliver(lotId))).retried).toBe(true);
    expect(await idsInD1(lotId)).toEqual(stays);
    expect(await idsInObject(lotId)).toEqual(stays);
    expect(await readable(lotId)).toEqual(stays);
    const [failure] = await db().select().from(backgroundFailures).where(eq(backgroundFailures.subject, lotId));
    expect(failure).toMatchObject({ job: 'Stay moves' });

    expect(await deliver(lotId)).toEqual({ sent: [], retried: false });
    expect(await idsInD1(lotId)).toEqual([]);
    expect(await idsInObject(lotId)).toEqual(stays);
  });

  it('when the object fails to keep a batch, its stays stay in D1', async () => {
    const { lotId } = await rawLot('Object Fault Lot', 0);
    const stays = (await staysInD1(lotId, 4, 3)).map((stay) => stay.id).sort();
    expect((await whileObjectFails('before', () => deliver(lotId))).retried).toBe(true);
    expect(await idsInD1(lotId)).toEqual(stays);
    expect(await idsInObject(lotId)).toEqual([]);
  });

  it('keeps every stay readable exactly once under any interleaving of moves, the gate closing stays, and failures', {
    timeout: 120_000,
  }, async () => {
    const step = fc.constantFrom('move', 'move, D1 failing', 'move, object failing', 'move, answer lost', 'a stay closes', 'time passes');
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const { lotId } = await rawLot('Property Lot', 0);
        const stays = [...(await staysInD1(lotId, 5, 3)), ...(await staysInD1(lotId, 3, null))].map((stay) => stay.id);
        let now = Date.now();
        const move = () => moveStays(env, db(), lotId, now, 2);
        for (const what of steps) {
          await {
            move,
            'move, D1 failing': () => whileD1DeleteFails(move),
            'move, object failing': () => whileObjectFails('before', move),
            'move, answer lost': () => whileObjectFails('after', move),
            'a stay closes': () =>
              run(
                'UPDATE checkins SET exit_ts = ? WHERE id = (SELECT id FROM checkins WHERE lot_id = ? AND exit_ts IS NULL LIMIT 1)',
                new Date(now).toISOString(),
                lotId,
              ),
            'time passes': async () => {
              now += 3 * 24 * 3_600_000;
            },
          }
            [what]()
            .catch(() => undefined);
          expect(await readable(lotId)).toEqual([...stays].sort());
        }
      }),
      { numRuns: 12, seed: 46 },
    );
  });
});
