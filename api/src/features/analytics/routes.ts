import Router from '@koa/router';
import { ANALYTICS_PATHS, type AnalyticsAnswer } from '../../../../contract/analytics.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { requireUser } from '../auth/guards.ts';
import { analyticsFor } from './service.ts';

/** GET /api/me/analytics: the signed-in customer's or professional's own figures (none for affiliates). */
export function analyticsRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  router.get(ANALYTICS_PATHS.mine, requireUser(deps), async (ctx) => {
    ctx.body = {
      success: true,
      analytics: await analyticsFor(deps.db, ctx.state.user, deps.clock.now()),
    } satisfies AnalyticsAnswer;
  });
  return router;
}
