import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { timeBetween } from '../../../contract/dates.ts';

export interface DrainResult {
  /** True when requests still running at the deadline had their connections cut. */
  forced: boolean;
  ms: number;
}

export interface Drainable {
  /** Stops the server; resolves when every connection is closed. */
  drain(graceMs: number): Promise<DrainResult>;
}

/**
 * Watches a server's connections from the start, so that a SIGTERM can tell the ones carrying a
 * request (left to finish) from the rest: kept-alive sockets between requests, and clients that
 * connected but have not sent a whole request head (Node's closeIdleConnections leaves those open
 * until its 60 s headers timeout).
 */
export function drainable(server: Server): Drainable {
  const sockets = new Set<Socket>();
  const busy = new Map<Socket, number>();
  let draining = false;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      busy.delete(socket);
    });
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    // A request that arrives on a kept-alive socket while draining is served, then the socket closes.
    if (draining && !res.headersSent) res.setHeader('Connection', 'close');
    res.once('close', () => {
      const left = (busy.get(socket) ?? 1) - 1;
      if (left > 0) busy.set(socket, left);
      else busy.delete(socket);
      if (draining && left <= 0) socket.destroySoon();
    });
  });
  const closeUnused = () => {
    for (const socket of sockets) if (!busy.has(socket)) socket.destroy();
  };

  return {
    /**
     * The port closes at once (new connections are refused), requests already running finish,
     * connections with no request running are closed, and whatever is still open after `graceMs`
     * is cut, so a stuck request cannot hold the process past its deadline.
     */
    drain(graceMs) {
      draining = true;
      const started = new Date();
      return new Promise((resolve) => {
        let forced = false;
        const sweep = setInterval(closeUnused, 50);
        const deadline = setTimeout(() => {
          forced = true;
          for (const socket of sockets) socket.destroy();
        }, graceMs);
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(deadline);
          resolve({ forced, ms: timeBetween(started, new Date()) });
        });
        closeUnused();
      });
    },
  };
}
