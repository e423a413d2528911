import * as z from 'zod/mini';
import type { MessageAnswer } from './api.ts';
import { emailField, nameField, phoneField } from './accounts.ts';
import { CATEGORY_NAMES } from './categories.ts';
import type { PayoutStatus } from './affiliates.ts';
import { formatCedisText, wholePesewas } from './money.ts';
import { MAX_LENGTH_DISCOUNT, type DiscountedLength, type PaymentRoute, type PlanLength } from './plans.ts';
import type { SubscriptionState } from './subscriptions.ts';
import { VERIFICATION_STATUSES, type VerificationStatus } from './verification.ts';
import { json, route } from './route.ts';

/**
 * The administrator area (docs/PRODUCT.md "Administrators"). Administrators are not users: their
 * tokens come from POST /api/admin/login and only open /api/admin/*. Signing in lives in
 * ./admin-session.ts, so the sign-in page does not carry the console's contract.
 */
export {
  ADMIN_MESSAGES,
  ADMIN_TOKEN_KEY,
  type AdminLoginResponse,
  adminLoginSchema,
  adminLogin,
  adminLogout,
  getAdminStats,
} from './admin-session.ts';

/** GET /api/admin/stats. Money in cedis. `history`: the last 12 calendar months, oldest first. */
export interface AdminStats {
  totalUsers: number;
  totalCustomers: number;
  totalProfessionals: number;
  activeUsers: number;
  monthlyRevenue: number;
  pendingPayouts: number;
  recentSignups: number;
  totalAffiliates: number;
  expiringSubscriptions: number;
  totalPayouts: number;
  history: { month: string; signups: number; revenue: number }[];
}

export type AdminUserStatus = 'active' | 'suspended' | 'pending';
/** The Users tab lists customers and professionals; the dialog also opens affiliates (read, suspend). */
export type AdminUserType = 'customer' | 'professional' | 'affiliate';

/** A user as administrators see them (docs/PRODUCT.md "Administrators"). Dates are ISO strings; money in cedis. */
export interface AdminUser {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  type: AdminUserType;
  status: AdminUserStatus;
  joinDate: string;
  lastActive: string | null;
  /** Label, e.g. "Customer plan (₵10/month)", or "No subscription". */
  subscription: string;
  subscriptionDate: string | null;
  subscriptionExpiry: string | null;
  subscriptionStatus: SubscriptionState;
  /** Automatic card renewal is not offered (mobile money cannot be charged without the payer): always false. */
  autoRenewal: boolean;
  /** The user cancelled: no renewal reminders; service ends with the paid period. */
  renewalCancelled: boolean;
  location: string | null;
  description: string | null;
  profession: string | null;
  totalEarnings: number;
  jobsCompleted: number;
  /** Average review, or null with no reviews (never a made-up default). */
  rating: number | null;
  verified: boolean;
  /** Professionals only (null otherwise): where their document review stands. */
  verificationStatus: VerificationStatus | null;
}

/** A payment as administrators see it (docs/PRODUCT.md "Payments shown to administrators"): subscription payments and commission ledger entries. */
export interface AdminPayment {
  id: string;
  userId: number | null;
  userName: string;
  amount: number;
  type: 'subscription' | 'commission';
  status: 'completed' | 'pending' | 'failed';
  date: string;
  method: string;
  reference: string | null;
  /** Subscription payments: the months bought and how the payment was started; null for commissions. */
  months: PlanLength | null;
  initiatedVia: PaymentRoute | null;
}

export interface AdminAffiliate {
  id: number;
  name: string;
  email: string;
  phone: string;
  referrerCode: string;
  joinDate: string;
  totalReferrals: number;
  totalEarnings: number;
  pendingPayout: number;
  payoutMethod: 'mobile-money' | 'bank-account';
  payoutDetails: string;
  status: AdminUserStatus;
  lastActivity: string | null;
}

export interface AdminPayout {
  id: number;
  affiliateId: number;
  affiliateName: string;
  amount: number;
  status: PayoutStatus;
  requestDate: string;
  processedDate: string | null;
  method: string;
  details: string;
  reference: string;
  notes: string | null;
}

/** One entry of the append-only audit log (who, what, target, before/after, when). */
export interface AdminActivity {
  id: number;
  at: string;
  admin: string;
  action: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Every action the audit log records (api/src/features/admin and verification), in the order the Activity filter offers them. */
export const ADMIN_ACTIONS = [
  'user.update',
  'user.suspend',
  'user.activate',
  'user.delete',
  'user.reminder',
  'payout.approve',
  'payout.reject',
  'payout.complete',
  'settings.update',
  'document.view',
  'verification.verify',
  'verification.reject',
  'photo.remove',
  'report.view',
  'report.message',
  'report.close',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** The account an audit entry concerns (a payout's affiliate), while it is on record; `exists` is false once deleted. */
export interface ActivitySubject {
  id: number;
  name: string;
  exists: boolean;
}

/** One entry of GET /api/admin/activity: the entry and the account it concerns (null for settings). */
export interface AdminActivityEntry extends AdminActivity {
  subject: ActivitySubject | null;
}

export const ACTIVITY_PAGE_SIZE = 25;
export const ACTIVITY_MESSAGES = {
  badCursor: 'This "Show more" link is not one the activity list gave. Load the list again from the first page.',
  badLimit: 'limit must be a whole number from 1 to 100.',
  badAction: `action must be one of: ${ADMIN_ACTIONS.join(', ')}.`,
  empty: 'No administrator actions yet.',
  emptyFiltered: 'No administrator actions of this kind yet.',
} as const;

/**
 * GET /api/admin/activity: every administrator action, newest first, a page at a time. `cursor` is
 * the answer's `nextCursor` (the page continues after it, so entries written meanwhile never
 * repeat or shift a page); `action` keeps one kind.
 */
export const adminActivityQuerySchema = z.object({
  cursor: z.optional(
    z.string({ error: ACTIVITY_MESSAGES.badCursor }).check(z.regex(/^[1-9][0-9]{0,17}$/, ACTIVITY_MESSAGES.badCursor)),
  ),
  limit: z._default(
    z.optional(
      z.coerce
        .number({ error: ACTIVITY_MESSAGES.badLimit })
        .check(
          z.int(ACTIVITY_MESSAGES.badLimit),
          z.minimum(1, ACTIVITY_MESSAGES.badLimit),
          z.maximum(100, ACTIVITY_MESSAGES.badLimit),
        ),
    ),
    ACTIVITY_PAGE_SIZE,
  ),
  action: z.optional(z.enum(ADMIN_ACTIONS, ACTIVITY_MESSAGES.badAction)),
});
export type AdminActivityQuery = z.output<typeof adminActivityQuerySchema>;

export interface AdminActivityResponse {
  success: true;
  entries: AdminActivityEntry[];
  /** Pass as `cursor` for the next (older) page; null when this page is the last. */
  nextCursor: string | null;
}

/** List answers paginate on the server: `page` from 1; `total` counts every match. */
export interface Page {
  total: number;
  page: number;
  pageSize: number;
}
export const ADMIN_PAGE_SIZE = 25;

export const adminListQuerySchema = z.object({
  search: z._default(z.optional(z.string().check(z.trim(), z.maxLength(100))), ''),
  page: z._default(
    z.optional(z.coerce.number().check(z.int('page must be a whole number'), z.minimum(1), z.maximum(100_000))),
    1,
  ),
  pageSize: z._default(z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))), ADMIN_PAGE_SIZE),
  status: z.optional(z.enum(['pending', 'processing', 'completed', 'failed', 'all'])),
  /** Users only: professionals whose verification stands so (`pending`: the review queue). */
  verification: z.optional(z.enum(VERIFICATION_STATUSES)),
});

export type AdminUsersResponse = Page & { success: true; users: AdminUser[] };
export type AdminPaymentsResponse = Page & { success: true; payments: AdminPayment[] };
export type AdminAffiliatesResponse = Page & { success: true; affiliates: AdminAffiliate[] };
export type AdminPayoutsResponse = Page & { success: true; payouts: AdminPayout[] };
/** GET /api/admin/users/{id}: the user, that user's payments, and the admin actions on the account. */
export interface AdminUserDetail {
  success: true;
  user: AdminUser;
  payments: AdminPayment[];
  activity: AdminActivity[];
  /** The account's photos (profile first; the photos it added to problem reports too), which the administrator may remove. */
  photos: { id: number; kind: 'profile' | 'work' | 'report'; thumb: string }[];
}

/** PUT /api/admin/users/{id}/profile: validated like sign-up; email and phone stay unique. */
export const adminProfileSchema = z
  .object({
    firstName: nameField('First name is required'),
    lastName: nameField('Last name is required'),
    email: emailField('Email is required'),
    phone: phoneField('Phone is required'),
    type: z.enum(['customer', 'professional'], 'Type must be customer or professional'),
    status: z.enum(['active', 'suspended', 'pending'], 'Status must be active, suspended or pending'),
    location: z._default(z.optional(z.string().check(z.trim(), z.maxLength(100))), ''),
    description: z._default(z.optional(z.string().check(z.trim(), z.maxLength(2000))), ''),
    profession: z._default(z.optional(z.string().check(z.trim())), ''),
  })
  .check(
    z.refine((p) => p.type !== 'professional' || (CATEGORY_NAMES as readonly string[]).includes(p.profession), {
      message: 'Please select a profession from the list',
      path: ['profession'],
    }),
  );
export type AdminProfileInput = z.input<typeof adminProfileSchema>;

/** PUT /api/admin/users/{id}/status (docs/PRODUCT.md "Administrators": active or suspended). */
export const adminStatusSchema = z.object({
  status: z.enum(['active', 'suspended'], 'Status must be active or suspended'),
});

/** Optional body of reject/complete: a note kept on the payout. */
export const adminPayoutActionSchema = z.object({
  notes: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});

/**
 * Platform settings (docs/PRODUCT.md "Administrators"). Money in cedis with up to 2 decimals. Each takes
 * effect as SETTING_EFFECTS says; a price change never touches a payment already started.
 */
export interface PlatformSettings {
  reminderDays: number;
  gracePeriodDays: number;
  customerPrice: number;
  professionalPrice: number;
  customerCommission: number;
  professionalCommission: number;
  /** Percent off the monthly price × months when 3, 6 or 12 months are paid at once (whole percents, 0–50). */
  discount3Months: number;
  discount6Months: number;
  discount12Months: number;
}

export const DEFAULT_SETTINGS: PlatformSettings = {
  reminderDays: 7,
  gracePeriodDays: 3,
  customerPrice: 10,
  professionalPrice: 27,
  customerCommission: 4,
  professionalCommission: 10.8,
  discount3Months: 0,
  discount6Months: 0,
  discount12Months: 0,
};

const LENGTH_PRICE_EFFECT = 'Payments started from now on; payments already started keep their price.';
const discountLabel = (months: DiscountedLength) => ({
  label: `Discount for ${months} months paid at once (%)`,
  effect: `${LENGTH_PRICE_EFFECT} 0 means ${months} times the monthly price.`,
});

export const SETTING_LABELS: Record<keyof PlatformSettings, { label: string; effect: string }> = {
  reminderDays: {
    label: 'Reminder days before expiry',
    effect: 'Next reminder run: who is "expiring", and when the reminder email goes out.',
  },
  gracePeriodDays: {
    label: 'Grace period after expiry (days)',
    effect: 'At once: how long an expired customer can still book and a professional stays listed.',
  },
  customerPrice: { label: 'Customer plan (₵ per month)', effect: LENGTH_PRICE_EFFECT },
  professionalPrice: { label: 'Professional plan (₵ per month)', effect: LENGTH_PRICE_EFFECT },
  customerCommission: {
    label: 'Commission per customer referral (₵)',
    effect: 'Referred customers whose first payment settles from now on.',
  },
  professionalCommission: {
    label: 'Commission per professional referral (₵)',
    effect: 'Referred professionals whose first payment settles from now on.',
  },
  discount3Months: discountLabel(3),
  discount6Months: discountLabel(6),
  discount12Months: discountLabel(12),
};

const MAX_SETTING_CEDIS = 10_000;
/** A price or commission in cedis, from `min` to ₵10000, in whole pesewas. */
const cedisField = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a number` })
    .check(
      z.minimum(min, `${label} must be at least ${formatCedisText(min)}`),
      z.maximum(MAX_SETTING_CEDIS, `${label} must be at most ${formatCedisText(MAX_SETTING_CEDIS)}`),
      z.refine(wholePesewas, `${label} can have at most 2 decimal places`),
    );
const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .check(
      z.int(`${label} must be a whole number`),
      z.minimum(min, `${label} must be ${min} to ${max}`),
      z.maximum(max, `${label} must be ${min} to ${max}`),
    );
const percent = (months: DiscountedLength) => whole(`The ${months}-month discount`, 0, MAX_LENGTH_DISCOUNT);

export const settingsSchema = z
  .object({
    reminderDays: whole('Reminder days', 1, 30),
    gracePeriodDays: whole('Grace period', 0, 30),
    customerPrice: cedisField('Customer price', 1),
    professionalPrice: cedisField('Professional price', 1),
    customerCommission: cedisField('Customer commission', 0),
    professionalCommission: cedisField('Professional commission', 0),
    discount3Months: percent(3),
    discount6Months: percent(6),
    discount12Months: percent(12),
  })
  .check(
    z.refine((s) => s.customerCommission <= s.customerPrice, {
      message: 'A commission cannot be more than the plan price',
      path: ['customerCommission'],
    }),
    z.refine((s) => s.professionalCommission <= s.professionalPrice, {
      message: 'A commission cannot be more than the plan price',
      path: ['professionalCommission'],
    }),
  );

export interface SettingsResponse {
  success: true;
  settings: PlatformSettings;
  updatedAt: string | null;
  /** System information for the Settings tab. */
  system: { database: 'postgresql' | 'pglite'; payments: 'paystack' | 'sandbox'; version: string; serverTime: string };
}

export interface AdminStatsAnswer {
  success: true;
  stats: AdminStats;
}

/** PUT /api/admin/users/{id}/profile and /status: the account as it is now. */
export interface AdminUserAnswer {
  success: true;
  message: string;
  user: AdminUser;
}

/** PUT /api/admin/payouts/{id}/{action}. */
export interface AdminPayoutAnswer {
  success: true;
  message: string;
  payout: AdminPayout;
}

/** PUT /api/admin/settings: the settings as saved. */
export type SettingsSavedAnswer = SettingsResponse & { message: string };

/** The customers and professionals, a page at a time, searched and filtered. */
export const listAdminUsers = route({
  method: 'GET',
  path: '/api/admin/users',
  query: adminListQuerySchema,
  caller: 'admin',
  answer: json<AdminUsersResponse>(),
  summary: 'A page of customers and professionals, searched by name, email or phone.',
});

/** One account with its payments, the administrators' actions on it and its photos. */
export const getAdminUser = route({
  method: 'GET',
  path: '/api/admin/users/:id',
  caller: 'admin',
  answer: json<AdminUserDetail>(),
  summary: "One account, its payments, the administrators' actions on it and its photos.",
});

/** An administrator corrects an account's details. */
export const updateAdminUserProfile = route({
  method: 'PUT',
  path: '/api/admin/users/:id/profile',
  body: adminProfileSchema,
  caller: 'admin',
  answer: json<AdminUserAnswer>(),
  summary: "Saves an account's details as an administrator corrected them.",
});

/** An administrator suspends or reactivates an account. */
export const setAdminUserStatus = route({
  method: 'PUT',
  path: '/api/admin/users/:id/status',
  body: adminStatusSchema,
  caller: 'admin',
  answer: json<AdminUserAnswer>(),
  summary: 'Suspends an account (ending its sessions) or makes it active again.',
});

/** An administrator deletes an account. */
export const deleteAdminUser = route({
  method: 'DELETE',
  path: '/api/admin/users/:id',
  caller: 'admin',
  answer: json<MessageAnswer>(),
  summary: 'Deletes an account.',
});

/** An administrator sends an account a subscription reminder. */
export const remindAdminUser = route({
  method: 'POST',
  path: '/api/admin/users/:id/reminder',
  caller: 'admin',
  answer: json<MessageAnswer>(),
  summary: 'Sends an account a reminder to renew its subscription.',
});

/** Every administrator action, newest first, a page at a time. */
export const listAdminActivity = route({
  method: 'GET',
  path: '/api/admin/activity',
  query: adminActivityQuerySchema,
  caller: 'admin',
  answer: json<AdminActivityResponse>(),
  summary: "The administrators' actions, newest first, a page at a time.",
});

/** Subscription payments and commission entries, a page at a time. */
export const listAdminPayments = route({
  method: 'GET',
  path: '/api/admin/payments',
  query: adminListQuerySchema,
  caller: 'admin',
  answer: json<AdminPaymentsResponse>(),
  summary: 'A page of subscription payments and commission entries.',
});

/** The affiliates, a page at a time. */
export const listAdminAffiliates = route({
  method: 'GET',
  path: '/api/admin/affiliates',
  query: adminListQuerySchema,
  caller: 'admin',
  answer: json<AdminAffiliatesResponse>(),
  summary: 'A page of affiliates with their referrals and earnings.',
});

/** The affiliates' payouts, a page at a time. */
export const listAdminPayouts = route({
  method: 'GET',
  path: '/api/admin/payouts',
  query: adminListQuerySchema,
  caller: 'admin',
  answer: json<AdminPayoutsResponse>(),
  summary: "A page of affiliates' payouts, filtered by state.",
});

/** An administrator approves, rejects or completes a payout (`:action`). */
export const moveAdminPayout = route({
  method: 'PUT',
  path: '/api/admin/payouts/:id/:action',
  body: adminPayoutActionSchema,
  caller: 'admin',
  answer: json<AdminPayoutAnswer>(),
  summary: 'Approves, rejects or completes a payout (action: approve, reject or complete).',
});

/** The platform's settings and the system it runs on. */
export const getAdminSettings = route({
  method: 'GET',
  path: '/api/admin/settings',
  caller: 'admin',
  answer: json<SettingsResponse>(),
  summary: "The platform's settings and the system it runs on.",
});

/** An administrator changes the platform's settings. */
export const saveAdminSettings = route({
  method: 'PUT',
  path: '/api/admin/settings',
  body: settingsSchema,
  caller: 'admin',
  answer: json<SettingsSavedAnswer>(),
  summary: "Saves the platform's settings (each takes effect as its label says).",
});
