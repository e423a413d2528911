/**
 * Subscription states over time (docs/PRODUCT.md "Subscriptions": reminders 7 days before
 * expiry, a 3-day grace period). Expired accounts keep their data and can sign in, but customers
 * cannot book and professionals are not listed until they renew.
 */
import { DAY_MS, timeBetween } from './dates.ts';

/** Defaults (docs/PRODUCT.md "Subscriptions"); the live values are the administrator's settings (platform_settings). */
export const REMINDER_DAYS = 7;
export const GRACE_DAYS = 3;
/**
 * docs/PRODUCT.md "Failed payments": the first automatic charge is
 * tried this many days before service would stop (the end of the grace period), then once a day;
 * when none succeeds, service stops 7 days after the first failure, until the user pays.
 */
export const FAILED_PAYMENT_DAYS = 7;

export type SubscriptionState = 'active' | 'expiring' | 'grace' | 'expired' | 'none';

/** The two windows, defaults above; the administrator can change both (Settings tab). */
export interface SubscriptionWindows {
  reminderDays: number;
  graceDays: number;
}

export function subscriptionState(
  paidUntil: Date | null,
  now: Date,
  { reminderDays, graceDays }: SubscriptionWindows = { reminderDays: REMINDER_DAYS, graceDays: GRACE_DAYS },
): SubscriptionState {
  if (!paidUntil) return 'none';
  const left = timeBetween(now, paidUntil);
  if (left > reminderDays * DAY_MS) return 'active';
  if (left > 0) return 'expiring';
  if (left > -graceDays * DAY_MS) return 'grace';
  return 'expired';
}

export interface SubscriptionSummary {
  planType: string;
  paidUntil: string;
  state: SubscriptionState;
  daysLeft: number;
  /** A saved reusable card and whether the user chose to renew with it; null when they have none (mobile money). */
  autoRenewal?: AutoRenewal | null;
}

export interface AutoRenewal {
  /** "Visa ending 4081": all of the card anyone is shown. */
  card: string;
  enabled: boolean;
}

export const SUBSCRIPTIONS_PATHS = {
  renew: '/api/subscription/renew',
  momo: '/api/subscription/momo',
  momoNumbers: '/api/subscription/momo/numbers',
  momoNumbersConfirm: '/api/subscription/momo/numbers/confirm',
  momoOtp: '/api/subscription/momo/otp',
  momoPrompt: '/api/subscription/momo/:reference',
  cancel: '/api/subscription/cancel',
  autoRenew: '/api/subscription/auto-renew',
} as const;

/** POST /api/subscription/auto-renew: the saved card's renewal as it is now. */
export interface AutoRenewalAnswer {
  success: true;
  autoRenewal: AutoRenewal;
  message: string;
}
