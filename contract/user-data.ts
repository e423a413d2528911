import type { AccountStatus } from './account-types.ts';
import type { Payout } from './affiliates.ts';
import type { Booking } from './bookings.ts';
import type { Availability, ListingCard } from './professionals.ts';
import { json, route } from './route.ts';
import type { SubscriptionSummary } from './subscriptions.ts';

/** A dashboard's record, `type` one of USER_TYPES (contract/accounts.ts): only the signed-in account's own (docs/PRODUCT.md "Dashboards"). */
export const USER_DATA_PATHS = { record: '/api/:type-data/:email' } as const;

/** What every dashboard's record starts from: the account itself. */
export interface AccountRecord {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  location: string | null;
  /** The address the person gave (where jobs are), or null. */
  localAddress: string | null;
  description: string | null;
  joinDate: string;
  /** The profile photo's thumbnail, or null (initials are shown). */
  avatar: string | null;
  /** Until the account signs in a second time (docs/PRODUCT.md "Welcome"). */
  firstVisit: boolean;
  status: AccountStatus;
  subscription: SubscriptionSummary | null;
}

/** GET /api/customer-data/{email} → customer. */
export interface CustomerRecord extends AccountRecord {
  preferredLocation: string | null;
  totalBookings: number;
  completedJobs: number;
  totalSpent: number;
  favoriteServices: ListingCard[];
  recentBookings: Booking[];
  /** A customer has nothing to have checked: always true. */
  verified: true;
}

/** GET /api/professional-data/{email} → professional. */
export interface ProfessionalRecord extends AccountRecord {
  profession: string;
  verified: boolean;
  baseRate: number;
  maxRate: number;
  rateNegotiable: boolean;
  bio: string;
  experience: string;
  skills: string[];
  availability: Availability;
  totalJobs: number;
  pendingJobs: number;
  completedJobs: number;
  totalEarnings: number;
  monthlyEarnings: number;
  earningsByMonth: { month: string; amount: number; jobs: number }[];
  /** null: no reviews yet ("New"). */
  rating: number | null;
  reviews: number;
}

/** A person the affiliate referred, named by first name and initial only. */
export interface Referral {
  id: number;
  name: string;
  type: 'customer' | 'professional';
  signupDate: string;
  commission: number;
  status: 'confirmed' | 'pending';
}

/** GET /api/affiliate-data/{email} → affiliate (docs/PRODUCT.md "Affiliates, commission and payouts"), from the ledger. */
export interface AffiliateRecord extends AccountRecord {
  referrerCode: string;
  payoutMethod: 'mobile-money' | 'bank-account';
  payoutDetails: string | null;
  totalReferrals: number;
  paidReferrals: number;
  /** Percent of referred sign-ups that paid; null while there are none. */
  conversionRate: number | null;
  totalEarnings: number;
  /** Commissions credited this calendar month, Ghana time. */
  monthEarnings: number;
  pendingPayout: number;
  recentReferrals: Referral[];
  payouts: Payout[];
}

export interface CustomerRecordAnswer {
  success: true;
  customer: CustomerRecord;
}
export interface ProfessionalRecordAnswer {
  success: true;
  professional: ProfessionalRecord;
}
export interface AffiliateRecordAnswer {
  success: true;
  affiliate: AffiliateRecord;
}

/**
 * The three dashboards' records: each its own route, so each answer has its own type; only the
 * signed-in account's own, of its own kind (another's email: 403; another kind: 404).
 */
export const customerRecord = route({
  method: 'GET',
  path: '/api/customer-data/:email',
  caller: 'signed-in',
  answer: json<CustomerRecordAnswer>(),
  summary: "The signed-in customer's dashboard record.",
});
export const professionalRecord = route({
  method: 'GET',
  path: '/api/professional-data/:email',
  caller: 'signed-in',
  answer: json<ProfessionalRecordAnswer>(),
  summary: "The signed-in professional's dashboard record.",
});
export const affiliateRecord = route({
  method: 'GET',
  path: '/api/affiliate-data/:email',
  caller: 'signed-in',
  answer: json<AffiliateRecordAnswer>(),
  summary: "The signed-in affiliate's dashboard record.",
});
