import Router from '@koa/router';
import * as z from 'zod/mini';
import { PLAN_LENGTHS, planPrices as planPricesRoute } from '../../../../contract/plans.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { routeTable } from '../../http/serve.ts';
import { planPrices } from './settings.ts';

const perPlan = <S extends z.ZodMiniType>(schema: S) => z.object({ customer: schema, professional: schema });
const planPricesAnswer = z.object({
  success: z.literal(true),
  prices: perPlan(z.number()),
  commissions: perPlan(z.number()),
  lengths: perPlan(
    z.array(z.object({ months: z.literal(PLAN_LENGTHS), price: z.number(), discountPercent: z.number() })),
  ),
});

/** Public, so sign-up and dashboards show the prices an administrator set. */
export function settingsRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  serve(planPricesRoute, planPricesAnswer, async () => ({ success: true, ...(await planPrices(deps.db)) }));
  return router;
}
