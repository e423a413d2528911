import type { Server } from 'node:http';

export interface DrainResult {
  /** True when requests still running at the deadline had their connections cut. */
  forced: boolean;
  ms: number;
}

/**
 * Stops an HTTP server for SIGTERM: the port closes at once (new connections are refused),
 * requests already running finish, idle keep-alive connections are closed as soon as they are idle
 * (a request arriving on one meanwhile is answered with `Connection: close`), and whatever is still
 * open after `graceMs` is cut, so a stuck client cannot hold the process past its deadline.
 */
export function drainServer(server: Server, graceMs: number): Promise<DrainResult> {
  const started = Date.now();
  server.on('request', (_req, res) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  });
  return new Promise((resolve) => {
    let forced = false;
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => {
      forced = true;
      server.closeAllConnections();
    }, graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve({ forced, ms: Date.now() - started });
    });
    server.closeIdleConnections();
  });
}
