import { useEffect, useState } from 'react';
import { DEFAULT_PLAN_PRICES, type PlanPrices } from '../../../contract/plans.ts';
import { query } from './api.ts';

/**
 * The prices and commissions in force (an administrator can change them, issue #6). Starts from
 * the spec's figures and switches to the server's; the payment pop-up always shows the amount the
 * server chose, so a failed load here never changes what anyone pays.
 */
export function usePlanPrices(): PlanPrices {
  const [prices, setPrices] = useState<PlanPrices>(DEFAULT_PLAN_PRICES);
  useEffect(() => {
    let live = true;
    query<PlanPrices>('/api/plans').then(
      (answer) => live && setPrices({ prices: answer.prices, commissions: answer.commissions }),
      () => {}, // keep the spec's figures; see above
    );
    return () => {
      live = false;
    };
  }, []);
  return prices;
}
