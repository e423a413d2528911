import Router from '@koa/router';
import * as z from 'zod/mini';
import { health } from '../../../../contract/health.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { routeTable } from '../../http/serve.ts';
import { databaseAnswers } from './service.ts';

const healthAnswer = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({
    ok: z.literal(false),
    success: z.literal(false),
    code: z.literal('unavailable'),
    database: z.literal('unreachable'),
    message: z.string(),
  }),
]);

export function healthRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  serve(health, healthAnswer, async (ctx) => {
    const ok = await databaseAnswers(deps.db);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = ok ? 200 : 503;
    return ok
      ? { ok: true }
      : {
          ok: false,
          success: false,
          code: 'unavailable',
          database: 'unreachable',
          message: 'The database is unreachable: the API cannot read or save anything until it answers again.',
        };
  });
  return router;
}
