import { atom } from 'nanostores';
import { LOGIN_MESSAGES } from '../../../../contract/account-types.ts';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { PAYMENT_MESSAGES } from '../../../../contract/payments.ts';
import type { PaymentIntent } from '../../../../contract/payments.ts';
import type { PlanLength } from '../../../../contract/plans.ts';
import { actionErrorMessage } from '../../lib/api.ts';
import { setPendingUserId } from '../../stores/session.ts';
import { attemptLogin } from './login.ts';
import type { LoginForm } from './login.ts';

/**
 * The first payment that sign-in asks of an account whose sign-up was never paid: $signInPayment is
 * the panel's state; `payFirstPayment` pays, verifies and completes,
 * and answers what the page does next (sign in, or say the account is active).
 */
export interface PaymentState {
  message: string;
  userId: number;
  intent: PaymentIntent;
  busy: boolean;
  error: string | null;
  /** The intent was already offered to the provider: a retry asks the server for a fresh one. */
  used: boolean;
  /** How many months to pay for: the intent is for 1, and another length gets its own intent. */
  months: PlanLength;
}

export const $signInPayment = atom<PaymentState | null>(null);

/** The server asked for the first payment: show the panel. */
export function offerPayment(offer: { message: string; userId: number; intent: PaymentIntent }): void {
  $signInPayment.set({ ...offer, busy: false, error: null, used: false, months: offer.intent.months ?? 1 });
}

export function dropPayment(): void {
  $signInPayment.set(null);
}

export function choosePaymentMonths(months: PlanLength): void {
  const payment = $signInPayment.get();
  if (payment) $signInPayment.set({ ...payment, months });
}

export type PayResult =
  /** Signed in: by a fresh sign-in (the account was activated meanwhile) or by the payment's completion. */
  | { kind: 'signed-in'; token: string; user: SessionUser; firstVisit?: boolean; autoLogin?: boolean }
  /** Paid and active, but no session was given: the person signs in. */
  | { kind: 'activated' }
  /** Busy, refused, cancelled or failed: the panel says why (its `error`). */
  | { kind: 'stopped' };

/** Complete Payment: `form` is the sign-in that asked for the payment (asked again for a used intent). */
export async function payFirstPayment(form: LoginForm | null): Promise<PayResult> {
  const payment = $signInPayment.get();
  if (!payment || payment.busy) return { kind: 'stopped' };
  let current = payment;
  $signInPayment.set({ ...current, busy: true, error: null });
  try {
    if (current.used && form) {
      // A reference offered once may not be offered again: ask the server for a fresh one.
      const again = await attemptLogin(form);
      if (again.kind === 'success') {
        $signInPayment.set(null);
        return { kind: 'signed-in', token: again.token, user: again.user, firstVisit: again.firstVisit };
      }
      if (again.kind !== 'payment-required') {
        const message =
          again.kind === 'network'
            ? LOGIN_MESSAGES.network
            : again.kind === 'failed'
              ? again.message
              : LOGIN_MESSAGES.required;
        $signInPayment.set({ ...current, busy: false, error: message });
        return { kind: 'stopped' };
      }
      current = { ...current, message: again.message, userId: again.userId, intent: again.intent };
    }
    // The payment code downloads only when someone pays (slow 3G).
    const { firstPaymentFor } = await import('../../lib/first-payment.ts');
    current = { ...current, intent: await firstPaymentFor(current.userId, current.intent, current.months), used: true };
    $signInPayment.set({ ...current, busy: true, error: null });
    setPendingUserId(current.userId);
    const { payForIntent, verifyAndComplete } = await import('../../lib/payment.ts');
    const result = await payForIntent(current.intent);
    if (result.status === 'cancelled') {
      $signInPayment.set({ ...current, busy: false, error: PAYMENT_MESSAGES.cancelled });
      return { kind: 'stopped' };
    }
    const completed = await verifyAndComplete(current.userId, result.reference, current.intent.completionSecret);
    setPendingUserId(null);
    $signInPayment.set(null);
    if (completed.autoLogin && completed.token)
      return { kind: 'signed-in', token: completed.token, user: completed.user, autoLogin: true };
    return { kind: 'activated' };
  } catch (error) {
    $signInPayment.set({
      ...current,
      busy: false,
      error: actionErrorMessage(error, PAYMENT_MESSAGES.verificationFailed),
    });
    return { kind: 'stopped' };
  }
}
