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

/**
 * Caps on live sockets, so no one can hold a lot object's connections open by the hundred: at most
 * this many at one lot, and from one client address at one lot (a mobile carrier's NAT puts many
 * phones behind one address, so not one). A refused screen polls as it does while reconnecting.
 */
export const LIVE_SOCKETS_PER_LOT = 500;
export const LIVE_SOCKETS_PER_CLIENT = 20;

/** Why a new subscriber is refused, given the sockets the lot and this client address hold now; null when it may join. */
export function liveCapRefusal(lotSockets: number, clientSockets: number): string | null {
  if (lotSockets >= LIVE_SOCKETS_PER_LOT)
    return 'This lot has too many live viewers right now. Its figures still update every few seconds.';
  if (clientSockets >= LIVE_SOCKETS_PER_CLIENT)
    return `Too many live connections to this lot from your network (at most ${LIVE_SOCKETS_PER_CLIENT}). Close other tabs of this lot and try again.`;
  return null;
}

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
