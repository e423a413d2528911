import { AFFILIATE_CHECK_ORDER, type SessionUser } from './account-types.ts';
import { affiliateSignupSchema } from './accounts.ts';
import { json, route } from './route.ts';

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

export { MOMO_NETWORKS, type MomoNetwork } from './affiliate-networks.ts';

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

/** An affiliate joins: free, active and signed in at once (limited per address: it must not mint accounts). */
export const affiliateSignup = route({
  method: 'POST',
  path: '/api/affiliate-signup',
  body: affiliateSignupSchema,
  checkOrder: AFFILIATE_CHECK_ORDER,
  caller: 'anyone',
  answer: json<AffiliateSignupResponse>(),
  status: 201,
  summary: 'Creates an affiliate account, active and signed in at once.',
});

/** The signed-in affiliate's payouts, newest first (other kinds of account are refused). */
export const listAffiliatePayouts = route({
  method: 'GET',
  path: '/api/affiliate/payouts',
  caller: 'signed-in',
  answer: json<AffiliatePayoutsAnswer>(),
  summary: "The signed-in affiliate's payouts.",
});

/** The signed-in affiliate asks for their unpaid commission to be paid out. */
export const requestAffiliatePayout = route({
  method: 'POST',
  path: '/api/affiliate/payouts',
  caller: 'signed-in',
  answer: json<PayoutRequestedAnswer>(),
  status: 201,
  summary: "Requests a payout of the signed-in affiliate's unpaid commission.",
});
