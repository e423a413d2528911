/** Subscription plans (spec 000 §3, §9). Amounts: whole cedis for display, pesewas for the provider. */
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

/** GET /api/plans: the prices and commissions in force (cedis), which an administrator can change. */
export interface PlanPrices {
  prices: Record<PlanType, number>;
  commissions: Record<PlanType, number>;
}
/** The spec's figures (spec 000 §9), shown until the live ones arrive. */
export const DEFAULT_PLAN_PRICES: PlanPrices = {
  prices: { customer: PLANS.customer.amount, professional: PLANS.professional.amount },
  commissions: {
    customer: Math.round(PLANS.customer.amount * AFFILIATE_COMMISSION_RATE * 100) / 100,
    professional: Math.round(PLANS.professional.amount * AFFILIATE_COMMISSION_RATE * 100) / 100,
  },
};

/** How many months one payment may buy (issue #20, docs/PRODUCT.md "Paying months ahead"). */
export const PLAN_LENGTHS = [1, 3, 6, 12] as const;
export type PlanLength = (typeof PLAN_LENGTHS)[number];
/** How a payment was started: the checkout, a prompt the server sent to the phone, or an automatic card renewal. */
export type PaymentRoute = 'checkout' | 'momo_prompt' | 'auto_renewal';
