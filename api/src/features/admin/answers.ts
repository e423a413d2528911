import * as z from 'zod/mini';
import { PLAN_LENGTHS } from '../../../../contract/plans.ts';
import { VERIFICATION_STATUSES } from '../../../../contract/verification.ts';

/** The answers of the administrators' routes, for the OpenAPI document (each must match its declared type). */
const userStatus = z.enum(['active', 'suspended', 'pending']);
const payoutStatus = z.enum(['pending', 'processing', 'completed', 'failed']);
const page = { total: z.number(), page: z.number(), pageSize: z.number() };

export const adminLoginAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  admin: z.object({ id: z.number(), username: z.string() }),
});

export const adminStatsAnswer = z.object({
  success: z.literal(true),
  stats: z.object({
    totalUsers: z.number(),
    totalCustomers: z.number(),
    totalProfessionals: z.number(),
    activeUsers: z.number(),
    monthlyRevenue: z.number(),
    pendingPayouts: z.number(),
    recentSignups: z.number(),
    totalAffiliates: z.number(),
    expiringSubscriptions: z.number(),
    totalPayouts: z.number(),
    history: z.array(z.object({ month: z.string(), signups: z.number(), revenue: z.number() })),
  }),
});

const adminUser = z.object({
  id: z.number(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  type: z.enum(['customer', 'professional', 'affiliate']),
  status: userStatus,
  joinDate: z.string(),
  lastActive: z.nullable(z.string()),
  subscription: z.string(),
  subscriptionDate: z.nullable(z.string()),
  subscriptionExpiry: z.nullable(z.string()),
  subscriptionStatus: z.enum(['active', 'expiring', 'grace', 'expired', 'none']),
  autoRenewal: z.boolean(),
  renewalCancelled: z.boolean(),
  location: z.nullable(z.string()),
  description: z.nullable(z.string()),
  profession: z.nullable(z.string()),
  totalEarnings: z.number(),
  jobsCompleted: z.number(),
  rating: z.nullable(z.number()),
  verified: z.boolean(),
  verificationStatus: z.nullable(z.enum(VERIFICATION_STATUSES)),
});

const adminPayment = z.object({
  id: z.string(),
  userId: z.nullable(z.number()),
  userName: z.string(),
  amount: z.number(),
  type: z.enum(['subscription', 'commission']),
  status: z.enum(['completed', 'pending', 'failed']),
  date: z.string(),
  method: z.string(),
  reference: z.nullable(z.string()),
  months: z.nullable(z.literal(PLAN_LENGTHS)),
  initiatedVia: z.nullable(z.enum(['checkout', 'momo_prompt', 'auto_renewal'])),
});

const adminAffiliate = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  referrerCode: z.string(),
  joinDate: z.string(),
  totalReferrals: z.number(),
  totalEarnings: z.number(),
  pendingPayout: z.number(),
  payoutMethod: z.enum(['mobile-money', 'bank-account']),
  payoutDetails: z.string(),
  status: userStatus,
  lastActivity: z.nullable(z.string()),
});

const adminPayout = z.object({
  id: z.number(),
  affiliateId: z.number(),
  affiliateName: z.string(),
  amount: z.number(),
  status: payoutStatus,
  requestDate: z.string(),
  processedDate: z.nullable(z.string()),
  method: z.string(),
  details: z.string(),
  reference: z.string(),
  notes: z.nullable(z.string()),
});

const activityFields = {
  id: z.number(),
  at: z.string(),
  admin: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
};

export const adminUsersAnswer = z.object({ success: z.literal(true), ...page, users: z.array(adminUser) });
export const adminPaymentsAnswer = z.object({ success: z.literal(true), ...page, payments: z.array(adminPayment) });
export const adminAffiliatesAnswer = z.object({
  success: z.literal(true),
  ...page,
  affiliates: z.array(adminAffiliate),
});
export const adminPayoutsAnswer = z.object({ success: z.literal(true), ...page, payouts: z.array(adminPayout) });

export const adminUserDetailAnswer = z.object({
  success: z.literal(true),
  user: adminUser,
  payments: z.array(adminPayment),
  activity: z.array(z.object(activityFields)),
  photos: z.array(z.object({ id: z.number(), kind: z.enum(['profile', 'work', 'report']), thumb: z.string() })),
});

export const adminUserAnswer = z.object({ success: z.literal(true), message: z.string(), user: adminUser });

export const adminActivityAnswer = z.object({
  success: z.literal(true),
  entries: z.array(
    z.object({
      ...activityFields,
      subject: z.nullable(z.object({ id: z.number(), name: z.string(), exists: z.boolean() })),
    }),
  ),
  nextCursor: z.nullable(z.string()),
});

export const adminPayoutAnswer = z.object({ success: z.literal(true), message: z.string(), payout: adminPayout });

const settingsFields = {
  success: z.literal(true),
  settings: z.object({
    reminderDays: z.number(),
    gracePeriodDays: z.number(),
    customerPrice: z.number(),
    professionalPrice: z.number(),
    customerCommission: z.number(),
    professionalCommission: z.number(),
    discount3Months: z.number(),
    discount6Months: z.number(),
    discount12Months: z.number(),
  }),
  updatedAt: z.nullable(z.string()),
  system: z.object({
    database: z.enum(['postgresql', 'pglite']),
    payments: z.enum(['paystack', 'sandbox']),
    version: z.string(),
    serverTime: z.string(),
  }),
};
export const settingsAnswer = z.object(settingsFields);
export const settingsSavedAnswer = z.object({ ...settingsFields, message: z.string() });
