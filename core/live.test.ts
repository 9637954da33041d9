import { describe, expect, it } from 'vitest';
import {
  LIVE_PONG,
  LIVE_SOCKETS_PER_CLIENT,
  LIVE_SOCKETS_PER_LOT,
  liveCapRefusal,
  liveFigures,
  parseLiveFigures,
  reconnectDelayMs,
} from './live';

describe('live lot figures', () => {
  it('colours the figures by the map’s rule', () => {
    expect(liveFigures(2, 3, 1)).toEqual({ free: 2, total: 3, level: 'available', at: 1 });
    expect(liveFigures(0, 40, 1).level).toBe('full');
  });

  it('reads a figures message and ignores a pong or anything malformed', () => {
    expect(parseLiveFigures(JSON.stringify({ free: 5, total: 10, level: 'x', at: 7 }))).toEqual(liveFigures(5, 10, 7));
    expect(parseLiveFigures(LIVE_PONG)).toBeNull();
    expect(parseLiveFigures('{not json')).toBeNull();
    expect(parseLiveFigures(JSON.stringify({ free: '5' }))).toBeNull();
    expect(parseLiveFigures(new ArrayBuffer(2))).toBeNull();
  });

  it('reconnects after 1 s, doubling to 30 s, with up to a fifth more at random', () => {
    expect([0, 1, 2, 5, 10].map((attempt) => reconnectDelayMs(attempt, 0))).toEqual([1000, 2000, 4000, 30_000, 30_000]);
    expect(reconnectDelayMs(0, 1)).toBe(1200);
  });

  it('lets a subscriber join under both caps: the lot’s and its client address’s', () => {
    expect(liveCapRefusal(LIVE_SOCKETS_PER_LOT - 1, LIVE_SOCKETS_PER_CLIENT - 1)).toBeNull();
    expect(liveCapRefusal(LIVE_SOCKETS_PER_LOT, 0)).toBe(
      'This lot has too many live viewers right now. Its figures still update every few seconds.',
    );
    expect(liveCapRefusal(1, LIVE_SOCKETS_PER_CLIENT)).toBe(
      'Too many live connections to this lot from your network (at most 20). Close other tabs of this lot and try again.',
    );
  });
});
