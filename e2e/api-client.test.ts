/**
 * A context's API client (`context.request`), which the browser files sign people in and arrange data
 * through, as a browser's own requests behave: one written on a kept-alive connection just as the
 * server closes it is sent again on a new connection (e2e/browser.ts, resendOnReset).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { expect } from 'vitest';
import { test } from './browser';

test('sends a request again on a new connection when the kept-alive one it went out on is reset', async ({ browser }) => {
  // A server that resets every connection's second request unanswered: what workerd's close of an
  // idle connection does to a request that crosses it.
  const answered = new WeakSet<Socket>();
  const connections: number[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    if (answered.has(request.socket)) return request.socket.resetAndDestroy();
    answered.add(request.socket);
    response.end('answered');
  });
  server.on('connection', () => connections.push(connections.length + 1));
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    const context = await browser.newContext();
    expect(await (await context.request.get(url)).text()).toBe('answered');
    expect(await (await context.request.get(url)).text()).toBe('answered');
    // The second request went out on the first connection, was reset there, and was answered on a second.
    expect(connections).toEqual([1, 2]);
  } finally {
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  }
});
