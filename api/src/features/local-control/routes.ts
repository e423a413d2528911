import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import * as z from 'zod/mini';
import type { AppDeps, RequestState } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { belowPrefix } from '../../http/route-paths.ts';
import { type AdministratorAddedAnswer, type DemoLoadedAnswer, LOCAL_CONTROL_PATHS } from '../../../../contract/dev.ts';
import { fromThisMachine } from '../dev/routes.ts';
import { addAdministrator, backupNow, loadDemo } from './service.ts';

/** The header a command on this machine proves itself with: the token from DATA_DIR/in-use.json. */
export const CONTROL_TOKEN_HEADER = 'x-local-control-token';

const adminSchema = z.object({
  username: z.string().check(z.maxLength(200)),
  password: z.string().check(z.maxLength(1000)),
});

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Work a command hands to the running server instead of opening its database a second time
 * (`npm run demo`, `admin:create` and `backup` while `npm start` runs: docs/OPERATIONS.md "The data
 * folder"). Only from this machine, with the token that only readers of the data folder have, and
 * only when the server made one (LOCAL_CONTROL, off in production unless asked for). Anything else
 * gets the same 404 as an address that does not exist.
 */
export function localControlRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>({ prefix: LOCAL_CONTROL_PATHS.prefix });
  const at = belowPrefix(LOCAL_CONTROL_PATHS.prefix);
  const token = deps.localControlToken;
  const expected = token ? digest(token) : undefined;
  router.use(async (ctx: Context, next: Next) => {
    const given = ctx.get(CONTROL_TOKEN_HEADER).slice(0, 200);
    if (!expected || !given || !fromThisMachine(ctx) || !timingSafeEqual(digest(given), expected))
      throw notFound('No such API endpoint.');
    await next();
  });
  router.post(at(LOCAL_CONTROL_PATHS.demo), async (ctx) => {
    ctx.body = { success: true, ...(await loadDemo(deps)) } satisfies DemoLoadedAnswer;
  });
  router.post(at(LOCAL_CONTROL_PATHS.administrators), async (ctx) => {
    const { username, password } = validate(adminSchema, ctx.request.body);
    ctx.body = {
      success: true,
      ...(await addAdministrator(deps, username, password)),
    } satisfies AdministratorAddedAnswer;
  });
  router.get(at(LOCAL_CONTROL_PATHS.backup), async (ctx) => {
    ctx.type = 'application/gzip';
    ctx.body = await backupNow(deps);
  });
  return router;
}
