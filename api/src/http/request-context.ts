import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../logger.ts';
import { isBuildAsset } from './build-assets.ts';
import { loggedPath } from './logged-path.ts';

/**
 * What every request's ctx.state holds from the first middleware on. Feature routers are typed
 * with it (new Router<RequestState>()), so a handler reads only what is set for it: the user or
 * administrator comes from requireUser/requireAdmin (UserState, AdminState in auth.ts).
 */
export interface RequestState {
  requestId: string;
}

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives each request an id (kept from a proxy's X-Request-Id when it looks safe) and writes one
 * JSON log line when the response finishes — including responses Astro writes to the raw socket.
 */
export function requestContext(logger: Logger): Middleware<RequestState> {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = SAFE_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    // Logged for every request; echoed except on the build's files (./build-assets.ts).
    if (!isBuildAsset(ctx.path)) ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    // 'close', not 'finish': a client that has every byte of a streamed file (a page, the 404
    // page) may hang up before the server's end() completes, and then 'finish' never comes.
    ctx.res.once('close', () => {
      const status = ctx.res.statusCode;
      const line = {
        requestId,
        method: ctx.method,
        path: loggedPath(ctx.path),
        status,
        ms: Math.round(performance.now() - started),
      };
      if (status === 404 && !ctx.path.startsWith('/api/'))
        logger.warn({ ...line, missingPath: ctx.path }, 'page not found');
      else if (status >= 500) logger.error(line, 'request');
      else logger.info(line, 'request');
    });
    await next();
  };
}
