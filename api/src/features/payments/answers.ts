import * as z from 'zod/mini';
import { PLAN_LENGTHS } from '../../../../contract/plans.ts';
import { sessionUserAnswer } from '../../http/common-answers.ts';

const planType = z.enum(['customer', 'professional']);

/** A payment to open in the provider's pop-up (PaymentIntent). */
export const paymentIntentAnswer = z.object({
  completionSecret: z.optional(z.string()),
  provider: z.enum(['paystack', 'sandbox']),
  publicKey: z.nullable(z.string()),
  reference: z.string(),
  email: z.string(),
  amount: z.number(),
  amountKobo: z.number(),
  months: z.literal(PLAN_LENGTHS),
  currency: z.literal('GHS'),
  channels: z.readonly(z.array(z.string())),
  metadata: z.object({
    subscription_type: planType,
    user_id: z.string(),
    plan_duration: z.string(),
    full_name: z.string(),
    phone: z.string(),
    amount_ghs: z.number(),
    payment_methods: z.string(),
  }),
});

export const paymentAnswer = z.object({ success: z.literal(true), payment: paymentIntentAnswer });

export const signupAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  user: z.object({ id: z.number() }),
  payment: paymentIntentAnswer,
});

export const paymentsConfigAnswer = z.object({
  provider: z.enum(['paystack', 'sandbox']),
  publicKey: z.nullable(z.string()),
  channels: z.readonly(z.array(z.string())),
});

export const completeRegistrationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  autoLogin: z.boolean(),
  token: z.optional(z.string()),
  user: sessionUserAnswer,
});
