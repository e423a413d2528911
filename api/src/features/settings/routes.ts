import Router from '@koa/router';
import { PLANS_PATHS, type PlanPricesAnswer } from '../../../../contract/plans.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { planPrices } from './settings.ts';

/** GET /api/plans: public, so sign-up and dashboards show the prices an administrator set. */
export function settingsRoutes({ db }: AppDeps): Router {
  const router = new Router<RequestState>();
  router.get(PLANS_PATHS.prices, async (ctx) => {
    ctx.body = { success: true, ...(await planPrices(db)) } satisfies PlanPricesAnswer;
  });
  return router;
}
