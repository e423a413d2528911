import { useStore } from '@nanostores/react';
import { DEFAULT_PLAN_PRICES, lengthName, type LengthOffer, type PlanPrices } from '../../../contract/plans.ts';
import { formatCedis } from '../../../contract/money.ts';
import { $planPrices } from '../stores/plan-prices.ts';

/**
 * The prices and commissions in force, or the published ones until they arrive (stores/plan-prices.ts).
 * Hydration draws the published ones, as the pre-rendered page did, even when the read came first.
 */
export const usePlanPrices = (): PlanPrices => useStore($planPrices, { ssr: () => DEFAULT_PLAN_PRICES });

/** "6 months — ₵162.00", and what a discount saves: "12 months — ₵291.60 (10% off)". */
export const offerText = (offer: LengthOffer): string =>
  `${lengthName(offer.months)} — ${formatCedis(offer.price, { fixed: true })}${offer.discountPercent ? ` (${offer.discountPercent}% off)` : ''}`;
