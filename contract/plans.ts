import { countOf } from './counts.ts';
import { json, route } from './route.ts';
import { roundToPesewa, toCedis } from './money.ts';
/** Subscription plans (docs/PRODUCT.md "Plans and prices"). Amounts: whole cedis for display, pesewas for the provider. */
export type PlanType = 'customer' | 'professional';

export interface Plan {
  type: PlanType;
  name: string;
  amount: number;
  amountKobo: number;
  duration: 'monthly';
  features: readonly string[];
}

export const PLANS: Readonly<Record<PlanType, Plan>> = {
  customer: {
    type: 'customer',
    name: 'Customer',
    amount: 10,
    amountKobo: 1000,
    duration: 'monthly',
    features: ['Search and browse professionals', 'Book appointments', 'In-app messaging', 'Rate and review services'],
  },
  professional: {
    type: 'professional',
    name: 'Professional',
    amount: 27,
    amountKobo: 2700,
    duration: 'monthly',
    features: [
      'Professional profile listing',
      'Receive booking requests',
      'Manage availability calendar',
      'Customer communication',
      'Earnings dashboard',
    ],
  },
};

export const CURRENCY = 'GHS';
export const PAYMENT_CHANNELS = ['card', 'mobile_money', 'ussd', 'qr', 'bank_transfer'] as const;
/** Affiliate commission: 40% of the referred user's first month (₵4.00 and ₵10.80). */
export const AFFILIATE_COMMISSION_RATE = 0.4;
export const AFFILIATE_MINIMUM_PAYOUT_CEDIS = 250;

/** How many months one payment may buy (docs/PRODUCT.md "Paying months ahead"). */
export const PLAN_LENGTHS = [1, 3, 6, 12] as const;
export type PlanLength = (typeof PLAN_LENGTHS)[number];
/** The lengths an administrator may discount; one month is always the monthly price. */
export const DISCOUNTED_LENGTHS = [3, 6, 12] as const;
export type DiscountedLength = (typeof DISCOUNTED_LENGTHS)[number];
/** Percent off the monthly price × months, per length: whole percents from 0 to MAX_LENGTH_DISCOUNT. */
export type LengthDiscounts = Record<DiscountedLength, number>;
export const NO_LENGTH_DISCOUNTS: LengthDiscounts = { 3: 0, 6: 0, 12: 0 };
export const MAX_LENGTH_DISCOUNT = 50;

/** "1 month", "6 months". */
export const lengthName = (months: number): string => countOf(months, 'month');

/** What `months` cost, in pesewas: the monthly price × months, less that length's discount, to the pesewa. */
export function lengthPricePesewas(monthlyPesewas: number, months: PlanLength, discounts: LengthDiscounts): number {
  const percent = months === 1 ? 0 : discounts[months];
  return Math.round((monthlyPesewas * months * (100 - percent)) / 100);
}

/** One length a payer may choose, with its price in cedis. */
export interface LengthOffer {
  months: PlanLength;
  price: number;
  discountPercent: number;
}

/** Every length of a plan whose monthly price is `monthlyPesewas`, shortest first. */
export const lengthOffers = (monthlyPesewas: number, discounts: LengthDiscounts): LengthOffer[] =>
  PLAN_LENGTHS.map((months) => ({
    months,
    price: toCedis(lengthPricePesewas(monthlyPesewas, months, discounts)),
    discountPercent: months === 1 ? 0 : discounts[months],
  }));

/** GET /api/plans: the prices and commissions in force (cedis), which an administrator can change. */
export interface PlanPrices {
  prices: Record<PlanType, number>;
  commissions: Record<PlanType, number>;
  /** What each length costs now, per plan (docs/PRODUCT.md "Paying months ahead"). */
  lengths: Record<PlanType, LengthOffer[]>;
}
/** The default prices (docs/PRODUCT.md "Plans and prices"), shown until the live ones arrive. */
export const DEFAULT_PLAN_PRICES: PlanPrices = {
  prices: { customer: PLANS.customer.amount, professional: PLANS.professional.amount },
  commissions: {
    customer: roundToPesewa(PLANS.customer.amount * AFFILIATE_COMMISSION_RATE),
    professional: roundToPesewa(PLANS.professional.amount * AFFILIATE_COMMISSION_RATE),
  },
  lengths: {
    customer: lengthOffers(PLANS.customer.amountKobo, NO_LENGTH_DISCOUNTS),
    professional: lengthOffers(PLANS.professional.amountKobo, NO_LENGTH_DISCOUNTS),
  },
};

/** How a payment was started: the checkout, a prompt the server sent to the phone, or an automatic card renewal. */
export type PaymentRoute = 'checkout' | 'momo_prompt' | 'auto_renewal';
/** How administrators read a payment's route. */
export const PAYMENT_ROUTE_LABELS: Record<PaymentRoute, string> = {
  checkout: 'Checkout',
  momo_prompt: 'Mobile-money prompt',
  auto_renewal: 'Card auto-renewal',
};

/** GET /api/plans: public, so sign-up and dashboards show the prices an administrator set. */
export type PlanPricesAnswer = PlanPrices & { success: true };

export const planPrices = route({
  method: 'GET',
  path: '/api/plans',
  caller: 'anyone',
  answer: json<PlanPricesAnswer>(),
  summary: 'The prices, lengths and commissions an administrator set.',
});
