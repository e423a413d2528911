import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import * as z from 'zod/mini';
import {
  addAdministrator as addAdministratorRoute,
  backupNow as backupRoute,
  loadDemo as loadDemoRoute,
} from '../../../../contract/dev.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { routeTable } from '../../http/serve.ts';
import { fromThisMachine } from '../dev/index.ts';
import { addAdministrator, backupNow, loadDemo } from './service.ts';

/** The header a command on this machine proves itself with: the token from DATA_DIR/in-use.json. */
export const CONTROL_TOKEN_HEADER = 'x-local-control-token';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Work a command hands to the running server instead of opening its database a second time
 * (`npm run demo`, `admin:create` and `backup` while `npm start` runs: docs/OPERATIONS.md "The data
 * folder"). Only from this machine, with the token that only readers of the data folder have, and
 * only when the server made one (LOCAL_CONTROL, off in production unless asked for). Anything else
 * gets the same 404 as an address that does not exist, before any body is read.
 */
export function localControlRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  const token = deps.localControlToken;
  const expected = token ? digest(token) : undefined;
  const withToken = async (ctx: Context, next: Next) => {
    const given = ctx.get(CONTROL_TOKEN_HEADER).slice(0, 200);
    if (!expected || !given || !fromThisMachine(ctx) || !timingSafeEqual(digest(given), expected))
      throw notFound('No such API endpoint.');
    await next();
  };
  const local = { use: [withToken] };
  serve(loadDemoRoute, demoLoadedAnswer, async () => ({ success: true, ...(await loadDemo(deps)) }), local);
  serve(
    addAdministratorRoute,
    administratorAddedAnswer,
    async (_ctx, { body }) => ({ success: true, ...(await addAdministrator(deps, body.username, body.password)) }),
    local,
  );
  serve(
    backupRoute,
    null,
    async (ctx) => {
      ctx.type = 'application/gzip';
      return backupNow(deps);
    },
    local,
  );
  return router;
}

const demoLoadedAnswer = z.object({ success: z.literal(true), created: z.number(), professionals: z.number() });
const administratorAddedAnswer = z.object({ success: z.literal(true), username: z.string() });
