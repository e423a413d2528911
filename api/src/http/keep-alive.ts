import type { Server } from 'node:http';

/**
 * How long an idle connection stays open for the client's next request. Node's default (5 s,
 * with a 1 s grace) lets a client reuse a socket at the very moment the server closes it, and the
 * request fails with ECONNRESET: clients with a keep-alive pool and no idle timeout of their own
 * (Node's Agent, Playwright's request context) hit it after about 6 s of quiet. A phone on 3G
 * also pays a new TCP (and TLS) handshake, several round trips of 100–300 ms, for every reopened
 * connection. 65 s outlasts the 60 s idle limit of the usual proxies, so they close first;
 * SIGTERM still closes idle connections at once (shutdown.ts).
 */
export const KEEP_ALIVE_MS = 65_000;

export function keepIdleConnections(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return server;
}
