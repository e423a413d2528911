import type { PaymentAnswer, PaymentIntent } from '../../../contract/payments.ts';
import type { PlanLength } from '../../../contract/plans.ts';
import { apiFetch } from './api.ts';
import { ACCOUNTS_PATHS } from '../../../contract/accounts.ts';

/**
 * A pending account's first payment for `months` (docs/PRODUCT.md "Paying months ahead"): the
 * intent in hand when it buys that many, else a fresh one from POST /api/signup/payment, asked
 * with the completion secret of the intent in hand (the sign-up wizard after a cancelled payment,
 * the sign-in page's unpaid-account panel).
 */
export async function firstPaymentFor(
  userId: number,
  intent: PaymentIntent,
  months: PlanLength,
): Promise<PaymentIntent> {
  if (intent.months === months) return intent;
  const answer = await apiFetch<PaymentAnswer>(ACCOUNTS_PATHS.signupPayment, {
    body: { userId, completionSecret: intent.completionSecret, months },
  });
  return answer.payment;
}
