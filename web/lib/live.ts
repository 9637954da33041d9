import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LIVE_PING, LIVE_PING_MS, parseLiveFigures, reconnectDelayMs } from '../../core/live';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

/** Queries re-read after a change, at most this often: a busy lot changes many times a second. */
const REFRESH_MS = 1_000;

/** One lot's socket, reconnecting with backoff until `stop`; `changed` after each figures message. */
function connectLive(lotId: string, onStatus: (status: LiveStatus) => void, changed: () => void): () => void {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  const connect = () => {
    const url = new URL(`/api/lots/${lotId}/live`, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(url);
    socket.onopen = () => {
      attempt = 0;
      onStatus('live');
      ping = setInterval(() => socket?.send(LIVE_PING), LIVE_PING_MS);
    };
    socket.onmessage = (event) => {
      if (parseLiveFigures(event.data)) changed();
    };
    socket.onclose = () => {
      clearInterval(ping);
      if (stopped) return;
      onStatus('reconnecting');
      retry = setTimeout(connect, reconnectDelayMs(attempt++));
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(ping);
    socket?.close(1000, 'Left the screen');
  };
}

/**
 * Follows lots live through their Durable Objects (`GET /api/lots/:id/live`, docs/search.md): after
 * each change at any of them, the screen's queries `refresh` are read again (at most once a second),
 * so its figures follow without polling. The status is the worst of the lots' connections; a screen
 * polls as before while it is not `live`.
 */
export function useLiveLots(lotIds: string[], refresh: QueryKey[]): LiveStatus {
  const queryClient = useQueryClient();
  const [statuses, setStatuses] = useState<Record<string, LiveStatus>>({});
  const lots = lotIds.join(',');
  const keys = JSON.stringify(refresh);

  useEffect(() => {
    if (!lots) return;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refreshSoon = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        for (const queryKey of JSON.parse(keys) as QueryKey[]) void queryClient.invalidateQueries({ queryKey });
      }, REFRESH_MS);
    };
    const stops = lots
      .split(',')
      .map((lotId) => connectLive(lotId, (status) => setStatuses((all) => ({ ...all, [lotId]: status })), refreshSoon));
    return () => {
      clearTimeout(pending);
      for (const stop of stops) stop();
      setStatuses({});
    };
  }, [lots, keys, queryClient]);

  const known = lotIds.map((lotId) => statuses[lotId] ?? 'connecting');
  return known.includes('reconnecting') ? 'reconnecting' : known.includes('connecting') ? 'connecting' : 'live';
}

export const useLiveLot = (lotId: string, refresh: QueryKey[]) => useLiveLots([lotId], refresh);
