/**
 * The lot object's live subscribers, through the WebSocket Hibernation API: the runtime holds the
 * sockets while the object sleeps, answers pings itself, and wakes the object only for a change.
 * The object sends every subscriber the figures for now after each change of its holds and walk-ins
 * (docs/search.md, "Live availability").
 */
import { LIVE_PING, LIVE_PONG, liveCapRefusal, liveFigures } from '../../core/live';
import { LIVE_CLIENT_HEADER, LIVE_TOTAL_HEADER } from './protocol';

/** Each socket is tagged with its client's address, so the runtime counts a client's sockets (`getWebSockets(tag)`): no counter of ours to drift. */
const clientTag = (address: string | null) => `client:${address || 'unknown'}`;

export class LiveFeed {
  constructor(
    private readonly ctx: DurableObjectState,
    /** Slots free now and for the next hour, out of `total`, by the object's own rule. */
    private readonly freeNow: (total: number, now: number) => number,
  ) {
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  /** The slots the D1 side counted last; a hold or walk-in tells it again. */
  noteTotal(slots: number): void {
    this.ctx.storage.sql.exec('INSERT OR REPLACE INTO live_total (id, slots) VALUES (1, ?)', slots);
  }

  private total(): number | null {
    return this.ctx.storage.sql.exec<{ slots: number }>('SELECT slots FROM live_total').toArray()[0]?.slots ?? null;
  }

  /**
   * A subscriber joins (the Worker checked the lot and counted its slots): it gets the figures at once.
   * Past the lot's or its address's cap (core/live.ts): 429 with the reason, before any upgrade.
   */
  subscribe(request: Request, now = Date.now()): Response {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket upgrade', { status: 426 });
    const tag = clientTag(request.headers.get(LIVE_CLIENT_HEADER));
    const refused = liveCapRefusal(this.ctx.getWebSockets().length, this.ctx.getWebSockets(tag).length);
    if (refused) return Response.json({ message: refused }, { status: 429 });
    const slots = Number(request.headers.get(LIVE_TOTAL_HEADER));
    if (Number.isInteger(slots) && slots >= 0) this.noteTotal(slots);
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server!, [tag]);
    server!.send(this.message(now)!);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** After a change: every subscriber gets the new figures, in the request that made the change. */
  send(now = Date.now()): void {
    const sockets = this.ctx.getWebSockets();
    if (!sockets.length) return;
    const message = this.message(now);
    if (!message) return;
    for (const socket of sockets) {
      try {
        socket.send(message);
      } catch {
        // Closing already: the runtime drops it.
      }
    }
  }

  /** A subscriber closed its socket: the close is answered (1005, no code, and 1006, dropped, may not be sent back). */
  close(socket: WebSocket, code: number): void {
    socket.close(code === 1005 || code === 1006 ? 1000 : code, 'Closed');
  }

  private message(now: number): string | null {
    const total = this.total();
    return total === null ? null : JSON.stringify(liveFigures(this.freeNow(total, now), total, now));
  }
}
