/**
 * The gate's calls (docs/gate.md): queries for the chosen lot, and the check-in writes that the
 * offline queue can replay. Every call reports to the connection state whether the network answered,
 * so the Online/Offline switch shows what the gate actually sees.
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api';
import { markReachable, markUnreachable } from './connection';

export type GateLot = { id: string; name: string; address?: string | null };
export type Shift = {
  id: string;
  lotId: string;
  startTime: string;
  endTime: string | null;
  duration: number;
  checkins: number;
  checkouts: number;
  collected: number;
  collectedCash: number;
  collectedWallet: number;
  issues: number;
};
export type Activity = {
  id: string;
  type: 'checkin' | 'checkout' | 'issue';
  plate: string | null;
  slot: string | null;
  time: string;
  amount: number | null;
  issue: string | null;
  checkinId: string | null;
  receiptId: string | null;
  resolved: boolean | null;
  undoable: boolean;
};
export type LotStatus = {
  lotId: string;
  name: string;
  occupancy: { current: number; total: number; percentage: number };
  waitingQueue: number;
  alerts: { type: 'warning' | 'info'; message: string }[];
  stats: { averageStayMinutes: number | null; peakHour: number | string | null; issuesToday: number; revenuePerHourCents: number };
};
export type Checkin = {
  id: string;
  lotId: string;
  plate: string;
  slot: string | null;
  reservationId: string | null;
  entryTs: string;
  exitTs: string | null;
  amountCents: number | null;
  paidBy: 'wallet' | 'cash' | null;
  receiptId: string | null;
  walkIn: boolean;
  override: boolean;
  overrideReason: string | null;
  lostTicket: boolean;
};
export type Issue = { id: string; text: string; time: string; resolved: boolean };

export type EntryBody = {
  id: string;
  plate: string;
  slot?: string;
  action: 'checkin' | 'override';
  entryTs: string;
  lotId: string;
  reservationId?: string;
  passToken?: string;
  override?: boolean;
  overrideReason?: string;
};
export type ExitBody = {
  plate: string;
  lotId: string;
  exitTs: string;
  action: 'checkout' | 'override';
  override?: boolean;
  overrideReason?: string;
  lostTicket?: boolean;
};

/** The network did not answer (as opposed to the server refusing): the gate works offline meanwhile. */
export class Unreachable extends Error {
  constructor() {
    super('No connection');
    this.name = 'Unreachable';
  }
}

/** Any gate request: a fetch that throws (no network) marks the gate offline, any answer marks it reachable. */
export async function gateRequest<T>(method: string, path: string, body?: unknown, headers?: HeadersInit): Promise<T> {
  try {
    const answer = await apiRequest<T>(method, path, body, headers);
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

const lotParam = (lotId: string) => `lotId=${encodeURIComponent(lotId)}`;

export const gateLotsQuery = queryOptions({ queryKey: ['/api/attendant/lots'], queryFn: () => gateRequest<GateLot[]>('GET', '/api/attendant/lots') });

export const shiftQuery = (lotId: string) =>
  queryOptions({ queryKey: ['/api/attendant/shift', lotId], queryFn: () => gateRequest<Shift | null>('GET', `/api/attendant/shift?${lotParam(lotId)}`) });

/** Spec 9: recent activity every 30 s. */
export const activityQuery = (lotId: string, limit = 30) =>
  queryOptions({
    queryKey: ['/api/attendant/activity', lotId, limit],
    queryFn: () => gateRequest<Activity[]>('GET', `/api/attendant/activity?${lotParam(lotId)}&limit=${limit}`),
    refetchInterval: 30_000,
  });

/** Spec 9: lot status every 10 s. */
export const lotStatusQuery = (lotId: string) =>
  queryOptions({
    queryKey: ['/api/attendant/lot-status', lotId],
    queryFn: () => gateRequest<LotStatus>('GET', `/api/attendant/lot-status?${lotParam(lotId)}`),
    refetchInterval: 10_000,
  });

/** Each write names its own Idempotency-Key: a replay with the same key is applied once. */
const keyed = (key: string) => ({ 'Idempotency-Key': key });

export const postEntry = (body: EntryBody, key: string) => gateRequest<Checkin>('POST', '/api/checkins/enter', body, keyed(key));
export const postExit = (checkinId: string, body: ExitBody, key: string) =>
  gateRequest<Checkin>('POST', `/api/checkins/${encodeURIComponent(checkinId)}/exit`, body, keyed(key));

/** The car's open stay at the lot, found by plate or by the reservation of its pass. */
export const findOpenCheckin = (lotId: string, by: { plate: string } | { reservationId: string }) => {
  const [name, value] = 'plate' in by ? ['plate', by.plate] : ['reservationId', by.reservationId];
  return gateRequest<Checkin>('GET', `/api/checkins/open?${lotParam(lotId)}&${name}=${encodeURIComponent(value)}`);
};

export const changeShift = (lotId: string, action: 'start' | 'end') => gateRequest<Shift>('POST', '/api/attendant/shift', { lotId, action }, keyed(crypto.randomUUID()));
export const reportIssue = (lotId: string, text: string) => gateRequest<Issue>('POST', '/api/attendant/issues', { lotId, text }, keyed(crypto.randomUUID()));
export const resolveIssue = (lotId: string, id: string) =>
  gateRequest<Issue>('POST', `/api/attendant/issues/${encodeURIComponent(id)}/resolve`, { lotId }, keyed(crypto.randomUUID()));
export const undoCheckin = (lotId: string, checkinId: string) =>
  gateRequest<Checkin>('POST', `/api/checkins/${encodeURIComponent(checkinId)}/undo`, { lotId }, keyed(crypto.randomUUID()));

export type PublicKeys = { keys: Record<string, unknown>[] };
export const fetchPassKeys = () => gateRequest<PublicKeys>('GET', '/api/passes/jwks');
export const fetchRevokedPasses = (lotId: string) => gateRequest<{ reservationIds: string[] }>('GET', `/api/passes/revoked?${lotParam(lotId)}`);
