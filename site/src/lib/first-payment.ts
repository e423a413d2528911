import { payForSignupAgain } from '../../../contract/accounts.ts';
import { call } from './call.ts';
import type { PaymentIntent } from '../../../contract/payments.ts';
import type { PlanLength } from '../../../contract/plans.ts';

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
  const answer = await call(payForSignupAgain, {
    // A registration intent always carries its completion secret.
    body: { userId, completionSecret: intent.completionSecret as string, months },
  });
  return answer.payment;
}
