/**
 * The move of a lot's closed stays from D1 into its object (docs/gate.md, "Where a stay lives"), in
 * batches through a Queue: its daily Cron sends one message per lot; a message moves one batch (read
 * from D1, kept by the object, then deleted from D1: exactly the ids the object confirmed) and sends
 * the next while some remain. Each step may fail or run twice, at any time, while the gate works: a
 * stay is in D1, in the object, or in both for a while (readers take it once), never in neither.
 */
import { STAY_HOT_DAYS } from '../../core/scale';
import { DAY_MS } from '../../core/time';
import { createDb, type DB } from '../db/client';
import type { Bindings } from '../env';
import { recordBackgroundFailure } from '../health/background-failures.data';
import { lotObject } from '../lot-object/stub';
import type { StayRecord } from '../lot-object/protocol';
import { deleteMovedStays, lotIds, stayInD1, staysBack, staysToMove } from './stay-move.data';

export const STAY_MOVES_QUEUE = 'parkada-stay-moves';

/** One lot's next batch to move. */
export type StayMove = { lotId: string };

declare module '../env' {
  interface Bindings {
    STAY_MOVES: Queue<StayMove>;
  }
}

/** Stays a message moves: one D1 read, one object call (about 300 KB) and one D1 delete, well inside a consumer's limits. */
export const STAY_MOVE_BATCH = 1_000;
const MESSAGES_PER_SEND = 100;
const RETRY_SECONDS = 60;

/** The instant before which a closed stay leaves D1. */
export const hotWindowStart = (now: number) => new Date(now - STAY_HOT_DAYS * DAY_MS).toISOString();

/** Moves one batch of the lot's stays closed before the hot window; answers whether more may remain. */
export async function moveStays(env: Bindings, db: DB, lotId: string, now = Date.now(), batch = STAY_MOVE_BATCH): Promise<'more' | 'done'> {
  const before = hotWindowStart(now);
  const stays = await staysToMove(db, lotId, before, batch);
  if (stays.length === 0) return 'done';
  const held = await lotObject(env, lotId).keepStays(stays);
  const deleted = await deleteMovedStays(db, lotId, before, held);
  return stays.length === batch && deleted > 0 ? 'more' : 'done';
}

/** The stay `id`: D1's, else, moved, the one the object of its lot (`lotId`, when the caller knows it) holds. */
export async function findStay(env: Bindings, db: DB, id: string, lotId?: string): Promise<StayRecord | null> {
  return (await stayInD1(db, id)) ?? (lotId ? lotObject(env, lotId).stay(id) : null);
}

/**
 * What a batch that comes to name the stay by foreign key writes first: the stay back in D1 when it has
 * moved, with the stay it reopens (its own foreign key). Named, it stays in D1 from then on.
 */
export async function keptInD1(env: Bindings, db: DB, stay: StayRecord) {
  const reopened = stay.reopenedFrom ? await findStay(env, db, stay.reopenedFrom, stay.lotId) : null;
  return staysBack(db, reopened ? [reopened, stay] : [stay]);
}

/** The daily Cron: one message per lot. */
export async function queueStayMoves(env: Bindings, db: DB) {
  const lots = await lotIds(db);
  for (let i = 0; i < lots.length; i += MESSAGES_PER_SEND)
    await env.STAY_MOVES.sendBatch(lots.slice(i, i + MESSAGES_PER_SEND).map((lotId) => ({ body: { lotId } })));
}

/** The Queue's consumer, its lots at once: a batch moved sends the lot's next; a failure is recorded for System Health and delivered again. */
export async function consumeStayMoves(batch: MessageBatch<StayMove>, env: Bindings): Promise<void> {
  const db = createDb(env.DB);
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        if ((await moveStays(env, db, message.body.lotId)) === 'more') await env.STAY_MOVES.send(message.body);
        message.ack();
      } catch (error) {
        await recordBackgroundFailure(env.DB, { job: 'Stay moves', subject: message.body.lotId, error }, Date.now());
        message.retry({ delaySeconds: RETRY_SECONDS });
      }
    }),
  );
}
