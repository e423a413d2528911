import Router from '@koa/router';
import { lengthOffers, type PlanPrices } from '../../../../contract/plans.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { getSettings } from './settings.ts';

/** GET /api/plans: public, so sign-up and dashboards show the prices an administrator set. */
export function settingsRoutes({ db }: AppDeps): Router {
  const router = new Router<RequestState>();
  router.get('/api/plans', async (ctx) => {
    const s = await getSettings(db);
    const body: PlanPrices & { success: true } = {
      success: true,
      prices: { customer: s.pricePesewas.customer / 100, professional: s.pricePesewas.professional / 100 },
      commissions: {
        customer: s.commissionPesewas.customer / 100,
        professional: s.commissionPesewas.professional / 100,
      },
      lengths: {
        customer: lengthOffers(s.pricePesewas.customer, s.lengthDiscounts),
        professional: lengthOffers(s.pricePesewas.professional, s.lengthDiscounts),
      },
    };
    ctx.body = body;
  });
  return router;
}
