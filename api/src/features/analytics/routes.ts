import Router from '@koa/router';
import { getMyAnalytics } from '../../../../contract/analytics.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { routeTable } from '../../http/serve.ts';
import { analyticsAnswer } from './answers.ts';
import { analyticsFor } from './service.ts';

/** GET /api/me/analytics: the signed-in customer's or professional's own figures (none for affiliates). */
export function analyticsRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  serve(getMyAnalytics, analyticsAnswer, async (ctx) => ({
    success: true,
    analytics: await analyticsFor(deps.db, ctx.state.user, deps.clock.now()),
  }));
  return router;
}
