/**
 * Subscription states over time (issue #5; docs/PRODUCT.md "Subscriptions": reminders 7 days before
 * expiry, a 3-day grace period). Expired accounts keep their data and can sign in, but customers
 * cannot book and professionals are not listed until they renew.
 */
import { DAY_MS, timeBetween } from './dates.ts';
import * as z from 'zod/mini';
import type { MessageAnswer } from './api.ts';
import { type PaymentAnswer, renewSchema } from './payments.ts';
import { json, route } from './route.ts';

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

export const autoRenewSchema = z.object({
  enabled: z.boolean({ error: 'Say whether automatic renewal should be on (enabled: true or false).' }),
});

/**
 * A renewal payment for 1, 3, 6 or 12 months (docs/PRODUCT.md "Paying months ahead"), verified like
 * the first; settling it extends the paid period from the later of now and its current end.
 */
export const renewSubscription = route({
  method: 'POST',
  path: '/api/subscription/renew',
  body: renewSchema,
  caller: 'signed-in',
  answer: json<PaymentAnswer>(),
  summary: 'A renewal payment to open in the pop-up.',
});

export const cancelRenewal = route({
  method: 'POST',
  path: '/api/subscription/cancel',
  caller: 'signed-in',
  answer: json<MessageAnswer>(),
  summary: 'Stops renewing: the subscription stays active to the end of the paid period.',
});

/** Only a card Paystack marked reusable is saved: a mobile-money payer gets 409 and renews by hand. */
export const setAutoRenewal = route({
  method: 'POST',
  path: '/api/subscription/auto-renew',
  body: autoRenewSchema,
  caller: 'signed-in',
  answer: json<AutoRenewalAnswer>(),
  summary: 'Turns renewal with the saved card on or off.',
});
