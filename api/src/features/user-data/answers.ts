import * as z from 'zod/mini';
import { WEEKDAYS } from '../../../../contract/professionals.ts';
import type { ListingCard } from '../../../../contract/professionals.ts';
import type { Booking } from '../../../../contract/bookings.ts';
import { payoutAnswer } from '../affiliates/index.ts';

/**
 * The three dashboards' records (contract/user-data.ts), as sent. A booking and a search card are
 * the bookings' and the directory's answers, described where those are served; here they are taken
 * as those types.
 */
const booking = z.custom<Booking>();
const listingCard = z.custom<ListingCard>();

const subscription = z.nullable(
  z.object({
    planType: z.string(),
    paidUntil: z.string(),
    state: z.enum(['active', 'expiring', 'grace', 'expired', 'none']),
    daysLeft: z.number(),
    autoRenewal: z.optional(z.nullable(z.object({ card: z.string(), enabled: z.boolean() }))),
  }),
);

const account = {
  id: z.number(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.nullable(z.string()),
  localAddress: z.nullable(z.string()),
  description: z.nullable(z.string()),
  joinDate: z.string(),
  avatar: z.nullable(z.string()),
  firstVisit: z.boolean(),
  status: z.enum(['pending', 'active', 'suspended']),
  subscription,
};

export const customerRecordAnswer = z.object({
  success: z.literal(true),
  customer: z.object({
    ...account,
    preferredLocation: z.nullable(z.string()),
    totalBookings: z.number(),
    completedJobs: z.number(),
    totalSpent: z.number(),
    favoriteServices: z.array(listingCard),
    recentBookings: z.array(booking),
    verified: z.literal(true),
  }),
});

export const professionalRecordAnswer = z.object({
  success: z.literal(true),
  professional: z.object({
    ...account,
    profession: z.string(),
    verified: z.boolean(),
    baseRate: z.number(),
    maxRate: z.number(),
    rateNegotiable: z.boolean(),
    bio: z.string(),
    experience: z.string(),
    skills: z.array(z.string()),
    availability: z.object({ days: z.array(z.enum(WEEKDAYS)), start: z.string(), end: z.string() }),
    totalJobs: z.number(),
    pendingJobs: z.number(),
    completedJobs: z.number(),
    totalEarnings: z.number(),
    monthlyEarnings: z.number(),
    earningsByMonth: z.array(z.object({ month: z.string(), amount: z.number(), jobs: z.number() })),
    rating: z.nullable(z.number()),
    reviews: z.number(),
  }),
});

export const affiliateRecordAnswer = z.object({
  success: z.literal(true),
  affiliate: z.object({
    ...account,
    referrerCode: z.string(),
    payoutMethod: z.enum(['mobile-money', 'bank-account']),
    payoutDetails: z.nullable(z.string()),
    totalReferrals: z.number(),
    paidReferrals: z.number(),
    conversionRate: z.nullable(z.number()),
    totalEarnings: z.number(),
    monthEarnings: z.number(),
    pendingPayout: z.number(),
    recentReferrals: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        type: z.enum(['customer', 'professional']),
        signupDate: z.string(),
        commission: z.number(),
        status: z.enum(['confirmed', 'pending']),
      }),
    ),
    payouts: z.array(payoutAnswer),
  }),
});
