/**
 * The gate's calls (docs/gate.md): queries for the chosen lot, and the check-in writes that the
 * offline queue can replay. Every call reports to the connection state whether the network answered,
 * so the Online/Offline switch shows what the gate actually sees.
 */
import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { z } from 'zod';
import type { enterSchema, exitSchema, GateRefundRequest } from '../../../core/gate';
import { api, ApiError, unwrap } from '../../lib/api';
import { markReachable, markUnreachable } from './connection';

/** The lot as the gate keeps it on the device (the list's other fields are not needed offline). */
/** `rulesJson`: which vehicles the lot takes, for the walk-in's vehicle type (absent in a lot remembered before it was kept). */
export type GateLot = Pick<InferResponseType<typeof api.attendant.lots.$get, 200>[number], 'id' | 'name'> & { rulesJson?: string | null };
export type Shift = NonNullable<InferResponseType<typeof api.attendant.shift.$get, 200>>;
export type Activity = InferResponseType<typeof api.attendant.activity.$get, 200>[number];
export type LotStatus = InferResponseType<(typeof api.attendant)['lot-status']['$get'], 200>;
export type Checkin = InferResponseType<typeof api.checkins.enter.$post, 201> & {
  /** At an exit: the merchant validations it gave (docs/passes.md, "Merchant validations"). */
  validations?: InferResponseType<(typeof api.checkins)[':checkinId']['exit']['$post'], 200>['validations'];
  /** At an exit: the day's price a reservation's overstay went above, so the gate collected it all (docs/gate.md). */
  walletCapCents?: InferResponseType<(typeof api.checkins)[':checkinId']['exit']['$post'], 200>['walletCapCents'];
};
/** The gate always chooses the check-in id, so a queued entry can be checked out before it is sent. */
export type EntryBody = z.input<typeof enterSchema> & { id: string; entryTs: string };
export type ExitBody = z.input<typeof exitSchema> & { exitTs: string };

/** The network did not answer (as opposed to the server refusing): the gate works offline meanwhile. */
export class Unreachable extends Error {
  constructor() {
    super('No connection');
    this.name = 'Unreachable';
  }
}

/** Any gate call: a fetch that throws (no network) marks the gate offline, any answer marks it reachable. */
async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    const answer = await call();
    markReachable();
    return answer;
  } catch (error) {
    if (error instanceof ApiError) {
      markReachable();
      throw error;
    }
    markUnreachable();
    throw new Unreachable();
  }
}

/**
 * React Query pauses requests while the browser says it is offline; the gate must not wait. Its calls
 * always run: a failed one is how the gate learns it is offline, and an entry or exit then queues itself.
 */
export const GATE_NETWORK_MODE = 'always' as const;

export const gateLotsQuery = queryOptions({
  queryKey: ['/api/attendant/lots'],
  networkMode: GATE_NETWORK_MODE,
  queryFn: () => reach(() => unwrap(api.attendant.lots.$get())),
});

export const shiftQuery = (lotId: string) =>
  queryOptions({
    queryKey: ['/api/attendant/shift', lotId],
    networkMode: GATE_NETWORK_MODE,
    queryFn: () => reach(() => unwrap(api.attendant.shift.$get({ query: { lotId } }))),
  });

/** Polled, so the lot's other gates' scans appear too. */
export const activityQuery = (lotId: string, limit = 30) =>
  queryOptions({
    queryKey: ['/api/attendant/activity', lotId, limit],
    queryFn: () => reach(() => unwrap(api.attendant.activity.$get({ query: { lotId, limit: String(limit) } }))),
    refetchInterval: 30_000,
    networkMode: GATE_NETWORK_MODE,
  });

/** Polled often: the attendant admits cars on these counts. */
export const lotStatusQuery = (lotId: string) =>
  queryOptions({
    queryKey: ['/api/attendant/lot-status', lotId],
    queryFn: () => reach(() => unwrap(api.attendant['lot-status'].$get({ query: { lotId } }))),
    refetchInterval: 10_000,
    networkMode: GATE_NETWORK_MODE,
  });

/** What the gate knows of a plate here now; not retried, since the next keystroke or read asks again. */
export const plateLookupQuery = (lotId: string, plate: string) =>
  queryOptions({
    queryKey: ['/api/checkins/plate', lotId, plate],
    queryFn: () => reach(() => unwrap(api.checkins.plate.$get({ query: { lotId, plate } }))),
    networkMode: GATE_NETWORK_MODE,
    staleTime: 10_000,
    retry: false,
  });

/** Each write names its own Idempotency-Key: a replay with the same key is applied once. */
const keyed = (key: string = crypto.randomUUID()) => ({ headers: { 'Idempotency-Key': key } });

export const postEntry = (json: EntryBody, key: string) => reach(() => unwrap(api.checkins.enter.$post({ json }, keyed(key))));
export const postExit = (checkinId: string, json: ExitBody, key: string) =>
  reach(() => unwrap(api.checkins[':checkinId'].exit.$post({ param: { checkinId }, json }, keyed(key))));

/** Redeems a printed merchant validation code on a stay still inside (before its exit). */
export const postValidation = (checkinId: string, lotId: string, code: string) =>
  reach(() => unwrap(api.checkins[':checkinId'].validations.$post({ param: { checkinId }, json: { lotId, code } })));

/** The car's open stay at the lot, found by plate or by the reservation of its pass. */
export const findOpenCheckin = (lotId: string, by: { plate: string } | { reservationId: string }) =>
  reach(() => unwrap(api.checkins.open.$get({ query: { lotId, ...by } })));

export const changeShift = (lotId: string, action: 'start' | 'end') =>
  reach(() => unwrap(api.attendant.shift.$post({ json: { lotId, action } }, keyed())));
export const reportIssue = (lotId: string, text: string) =>
  reach(() => unwrap(api.attendant.issues.$post({ json: { lotId, text } }, keyed())));
export const resolveIssue = (lotId: string, id: string) =>
  reach(() => unwrap(api.attendant.issues[':id'].resolve.$post({ param: { id }, json: { lotId } }, keyed())));
export const undoCheckin = (lotId: string, checkinId: string) =>
  reach(() => unwrap(api.checkins[':checkinId'].undo.$post({ param: { checkinId }, json: { lotId } }, keyed())));

/** An owner or the super admin pays back part or all of a gate charge. */
export const refundGateCharge = (checkinId: string, json: GateRefundRequest) =>
  reach(() => unwrap(api.owner.checkins[':checkinId'].refund.$post({ param: { checkinId }, json }, keyed())));

export type PublicKeys = InferResponseType<typeof api.passes.jwks.$get, 200>;
export const fetchPassKeys = () => reach(() => unwrap(api.passes.jwks.$get()));
export const fetchRevokedPasses = (lotId: string) => reach(() => unwrap(api.passes.revoked.$get({ query: { lotId } })));
