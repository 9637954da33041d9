/**
 * Live lot figures (docs/search.md, "Live availability"): what a lot's Durable Object sends its
 * WebSocket subscribers after every change, and how a client keeps its connection.
 */
import { mapLevel, type MapLevel } from './availability';

/** The figures for now and the next hour, as the lot page's Live Availability shows them. */
export type LiveFigures = { free: number; total: number; level: MapLevel; at: number };

export const liveFigures = (free: number, total: number, at: number): LiveFigures => ({ free, total, level: mapLevel(free, total), at });

/** A client's keep-alive, answered by the runtime without waking the object. */
export const LIVE_PING = 'ping';
export const LIVE_PONG = 'pong';
/** How often a client pings: under the idle timeouts of proxies and mobile networks. */
export const LIVE_PING_MS = 25_000;

/** The wait before reconnecting after `attempt` failures: 1 s doubling to 30 s, with up to a fifth more at random so clients spread out. */
export function reconnectDelayMs(attempt: number, random = Math.random()): number {
  const base = Math.min(30_000, 1000 * 2 ** attempt);
  return Math.round(base * (1 + random / 5));
}

/** Whether a message from the socket is a figures message (anything else, e.g. a pong, is ignored). */
export function parseLiveFigures(data: unknown): LiveFigures | null {
  if (typeof data !== 'string' || data === LIVE_PONG) return null;
  try {
    const value = JSON.parse(data) as Partial<LiveFigures>;
    return typeof value.free === 'number' && typeof value.total === 'number' && typeof value.at === 'number'
      ? liveFigures(value.free, value.total, value.at)
      : null;
  } catch {
    return null;
  }
}
