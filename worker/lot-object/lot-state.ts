/**
 * What the lot object's modules (holds, walk-ins, passes, timers) share: its storage, and what a change
 * of it sets off. The object (lot-durable-object.ts) builds one and hands it to each.
 */
export type LotState = {
  readonly sql: SqlStorage;
  /** After every change of holds, walk-ins and passes: the live figures, and search's read model. */
  publish(now?: number): void;
  /** After every change that moves an instant the clock watches (timers.ts). */
  scheduleNextAlarm(now: number): void;
};
