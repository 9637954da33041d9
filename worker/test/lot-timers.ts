/**
 * A lot object's alarm at a chosen instant, end to end but for the Queue's transport: the object says
 * what is due (and arms its next alarm), and the worker's own queue() handler consumes it as the Queue
 * would deliver it. Answers which messages the consumer asked to have delivered again.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import worker from '../index';
import type { LotDurableObject } from '../lot-object/lot-durable-object';

export async function runLotTimers(lot: DurableObjectStub<LotDurableObject>, now: number) {
  const due = await lot.dueWork(now);
  const batch = createMessageBatch(
    'parkada-lot-timers',
    due.map((body, i) => ({ id: `due-${i}`, timestamp: new Date(now), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}
