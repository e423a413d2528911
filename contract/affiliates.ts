import type { SessionUser } from './account-types.ts';

/** Affiliate payouts as the API answers them (docs/PRODUCT.md "Affiliates, commission and payouts": payout states). */
export type PayoutStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface Payout {
  id: number;
  /** Cedis. */
  amount: number;
  date: string;
  status: PayoutStatus;
  method: string;
  details: string;
  reference: string;
  processedDate: string | null;
}

/**
 * Mobile-money networks, as Paystack's transfer recipients name them (reference/paystack.md). The
 * affiliate picks theirs: numbers move between networks, so the prefix is not proof.
 */
export const MOMO_NETWORKS = [
  { code: 'MTN', name: 'MTN MoMo' },
  { code: 'VOD', name: 'Telecel Cash (formerly Vodafone Cash)' },
  { code: 'ATL', name: 'AirtelTigo Money' },
] as const;
export type MomoNetwork = (typeof MOMO_NETWORKS)[number]['code'];

export const AFFILIATES_PATHS = {
  signup: '/api/affiliate-signup',
  payouts: '/api/affiliate/payouts',
} as const;

/** POST /api/affiliate-signup: affiliates join free, active and signed in at once. */
export interface AffiliateSignupResponse {
  success: true;
  message: string;
  autoLogin: true;
  token: string;
  user: SessionUser;
  affiliate: { referrerCode: string; payoutMethod: string };
}

/** GET /api/affiliate/payouts. */
export interface AffiliatePayoutsAnswer {
  success: true;
  payouts: Payout[];
}

/** POST /api/affiliate/payouts. */
export interface PayoutRequestedAnswer {
  success: true;
  message: string;
  payout: Payout;
}
