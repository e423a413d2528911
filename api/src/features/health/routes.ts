import Router from '@koa/router';
import { HEALTH_PATHS, type HealthAnswer } from '../../../../contract/health.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { databaseAnswers } from './service.ts';

/** GET /api/health: 200 when the database answers a query in time, 503 otherwise. */
export function healthRoutes({ db }: AppDeps): Router {
  const router = new Router<RequestState>();
  router.get(HEALTH_PATHS.health, async (ctx) => {
    const ok = await databaseAnswers(db);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = ok ? 200 : 503;
    ctx.body = (
      ok
        ? { ok: true }
        : {
            ok: false,
            success: false,
            code: 'unavailable',
            database: 'unreachable',
            message: 'The database is unreachable: the API cannot read or save anything until it answers again.',
          }
    ) satisfies HealthAnswer;
  });
  return router;
}
