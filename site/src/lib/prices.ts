import { useEffect, useState } from 'react';
import {
  DEFAULT_PLAN_PRICES,
  lengthName,
  type LengthOffer,
  type PlanPrices,
  type PlanPricesAnswer,
  PLANS_PATHS,
} from '../../../contract/plans.ts';
import { formatCedis } from '../../../contract/money.ts';
import { query } from './api.ts';

/**
 * The prices and commissions in force (an administrator can change them, issue #6). Starts from
 * the published prices (`DEFAULT_PLAN_PRICES`) and switches to the server's; the payment pop-up always shows the amount the
 * server chose, so a failed load here never changes what anyone pays.
 */
export function usePlanPrices(): PlanPrices {
  const [prices, setPrices] = useState<PlanPrices>(DEFAULT_PLAN_PRICES);
  useEffect(() => {
    let live = true;
    query<PlanPricesAnswer>(PLANS_PATHS.prices).then(
      (answer) =>
        live && setPrices({ prices: answer.prices, commissions: answer.commissions, lengths: answer.lengths }),
      () => {}, // keep the published prices; see above
    );
    return () => {
      live = false;
    };
  }, []);
  return prices;
}

/** "6 months — ₵162.00", and what a discount saves: "12 months — ₵291.60 (10% off)". */
export const offerText = (offer: LengthOffer): string =>
  `${lengthName(offer.months)} — ${formatCedis(offer.price, { fixed: true })}${offer.discountPercent ? ` (${offer.discountPercent}% off)` : ''}`;
