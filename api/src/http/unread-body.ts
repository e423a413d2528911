import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';

/** The request carries a body, declared or chunked. */
export const carriesBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** The request came with a body that has not arrived whole: nobody read it to its end. */
const bodyLeftUnread = (req: IncomingMessage) => carriesBody(req) && !req.complete;

/**
 * A body the server did not read to its end (refused before reading, cut at its limit, or sent
 * to a route that takes none) is answered with `Connection: close`, so the connection ends with
 * the answer. Otherwise Node reads and throws away whatever the client goes on sending, without
 * end when it is chunked, or keeps the half-read connection open. A body read whole
 * keeps its connection for the next request.
 */
export function closeUnreadBodies(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      // Koa answers a thrown error with the error's headers only.
      if (bodyLeftUnread(ctx.req) && err && typeof err === 'object')
        Object.assign(err, { headers: { ...(err as { headers?: object }).headers, Connection: 'close' } });
      throw err;
    }
    if (bodyLeftUnread(ctx.req) && !ctx.headerSent) ctx.set('Connection', 'close');
  };
}
