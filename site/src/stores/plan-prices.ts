import { computed } from 'nanostores';
import { DEFAULT_PLAN_PRICES, type PlanPrices, type PlanPricesAnswer, PLANS_PATHS } from '../../../contract/plans.ts';
import { query } from '../lib/api.ts';
import { serverStore } from './server-store.ts';

/** The read of the prices in force itself (whether they arrived): islands show `$planPrices`. */
export const $planPricesRead = serverStore<PlanPrices>(
  async (fresh) => {
    const answer = await query<PlanPricesAnswer>(PLANS_PATHS.prices, { fresh });
    return { prices: answer.prices, commissions: answer.commissions, lengths: answer.lengths };
  },
  { failure: () => 'The published prices are shown.' },
).$load;

/**
 * The prices and commissions in force (an administrator can change them, issue #6), read when an
 * island first shows them. Until they arrive, and if they cannot be read, the published prices
 * (`DEFAULT_PLAN_PRICES`): the payment pop-up always shows the amount the server chose, so a failed
 * read here never changes what anyone pays.
 */
export const $planPrices = computed($planPricesRead, (load) =>
  load.state === 'loaded' ? load.data : DEFAULT_PLAN_PRICES,
);
