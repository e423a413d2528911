import * as z from 'zod/mini';
import type { SessionUser } from './accounts.ts';
import { PLAN_LENGTHS, type PlanLength, type PlanType } from './plans.ts';
import type { MessageAnswer, OkAnswer } from './api.ts';
import { json, route } from './route.ts';

/** Subscription payment (docs/PRODUCT.md "First payment and activation"; reference/paystack.md). */
export const PAYMENT_MESSAGES = {
  verifyFailed: 'Failed to verify payment. Please contact support.',
  providerSlow:
    'Paystack is not answering just now, so your payment is not confirmed yet. If you paid, do not pay again: we keep checking, and it is confirmed as soon as Paystack answers. Try again in a minute.',
  cancelled: 'Payment was cancelled',
  loadFailed: 'Failed to load payment system. Please refresh and try again.',
  notReady: 'Payment system not ready. Please wait and try again.',
  notAvailable: 'Payment system not available. Please refresh and try again.',
  initFailed: 'Failed to initialize payment. Please try again.',
  verificationFailed: 'Payment verification failed. Please contact support.',
  stillLoading: 'Payment system is still loading. Please wait a moment and try again.',
  notReadyRefresh: 'Payment system not ready. Please refresh the page and try again.',
  scriptLoadFailed: 'Failed to load Paystack script',
  sdkMissing: 'PaystackPop not available after script load',
  scriptTimeout: 'Paystack script loading timeout',
  publicKeyRequired: 'Paystack public key is required',
  emailRequired: 'Email is required for payment',
  amountRequired: 'Valid payment amount is required',
  sdkNotLoaded: 'Paystack SDK not loaded. Please refresh and try again.',
  callbackRequired: 'Payment callback must be a valid function',
  onCloseRequired: 'Payment onClose must be a valid function',
} as const;

export const PAYMENT_TIMINGS = {
  popupDelayMs: 100,
  scriptTimeoutMs: 10_000,
  scriptRetryMs: 2_000,
  redirectAfterPaymentMs: 3_000,
} as const;

/** SEPC (customer) or SEPP (professional) + timestamp + 6 random characters + user id (docs/PRODUCT.md "First payment and activation"). */
export const REFERENCE_PATTERN = /^SEP[CP]\d{13}[A-Z0-9]{6}\d+$/;

/** What the browser needs to open the pop-up; the server chose the reference and the amount. */
/** What a payment is for: the first month(s) at sign-up, a renewal, or the admin's test charge. */
export type PaymentPurpose = 'registration' | 'renewal' | 'test';

export interface PaymentIntent {
  /**
   * Registration only: the one-time secret that lets /api/complete-registration sign this browser
   * in. Never sent to the payment provider, never stored in the browser beyond the page.
   */
  completionSecret?: string;
  provider: 'paystack' | 'sandbox';
  publicKey: string | null;
  reference: string;
  email: string;
  amount: number;
  amountKobo: number;
  /** The months this payment buys (1, 3, 6 or 12). */
  months: PlanLength;
  currency: 'GHS';
  channels: readonly string[];
  metadata: {
    subscription_type: PlanType;
    user_id: string;
    /** 'monthly', or '3 months', '6 months', '12 months'. */
    plan_duration: string;
    full_name: string;
    phone: string;
    amount_ghs: number;
    payment_methods: string;
  };
}

/** POST /api/signup answer (docs/PRODUCT.md "First payment and activation": reads success, message, user.id). */
export interface SignupResponse {
  success: true;
  message: string;
  user: { id: number };
  payment: PaymentIntent;
}

/** GET /api/payments/config: which provider the pop-up talks to. */
export interface PaymentsConfig {
  provider: 'paystack' | 'sandbox';
  publicKey: string | null;
  channels: readonly string[];
}

export const LENGTH_MESSAGE = 'A payment buys 1, 3, 6 or 12 months: choose one of those (months: 1, 3, 6 or 12).';
/** How many months a payment buys (docs/PRODUCT.md "Paying months ahead"): 1 when not given. */
export const monthsField = z._default(z.optional(z.literal(PLAN_LENGTHS, LENGTH_MESSAGE)), 1);

/** POST /api/subscription/renew: the renewal payment, for `months` (1 when not given). */
export const renewSchema = z.object({ months: monthsField });

/**
 * POST /api/signup/payment: a pending account's first payment again, for another length (chosen
 * after sign-up, or on the sign-in page). Only the browser holding the completion secret of that
 * account's latest payment may ask.
 */
export const SIGNUP_PAYMENT_GONE =
  'This sign-up is already paid, or was started in another browser. Sign in with your email or phone and password to continue.';
export const registrationPaymentSchema = z.object({
  userId: z.number({ error: 'userId must be the number sign-up answered.' }).check(z.int(), z.positive()),
  completionSecret: z
    .string({ error: 'completionSecret must be the one the payment came with.' })
    .check(z.minLength(1), z.maxLength(100)),
  months: monthsField,
});

export const verifyPaymentSchema = z.object({
  reference: z
    .string({ error: 'A payment reference is required.' })
    .check(z.trim(), z.minLength(1, 'A payment reference is required.'), z.maxLength(100)),
});

export const completeRegistrationSchema = z.object({
  userId: z.union([z.number(), z.string().check(z.regex(/^\d+$/))]),
  paymentReference: z
    .string({ error: 'A payment reference is required.' })
    .check(z.trim(), z.minLength(1), z.maxLength(100)),
  paymentData: z.optional(z.unknown()),
  /** The intent's completionSecret: without it the payment completes but nobody is signed in. */
  completionSecret: z.optional(z.string().check(z.maxLength(100))),
});

export interface CompleteRegistrationResponse {
  success: true;
  message: string;
  autoLogin: boolean;
  token?: string;
  user: SessionUser;
}

/** The sandbox checkout's decision, recorded by the server for the verify step to read. */
export const sandboxChargeSchema = z.object({
  reference: z.string().check(z.minLength(1), z.maxLength(100)),
  /** Pesewas; bounded so no amount reaches the database's integer column out of range. */
  amount: z.number().check(z.int(), z.positive(), z.maximum(100_000_000)),
  currency: z.string().check(z.maxLength(3)),
  email: z.string().check(z.maxLength(254)),
  metadata: z.optional(z.record(z.string(), z.unknown())),
  outcome: z.enum(['success', 'failed']),
  /** How the tester paid: mobile money (the default) or the test card, whose authorization is reusable. */
  method: z.optional(z.enum(['mobile_money', 'card'])),
});

export type SandboxCharge = z.infer<typeof sandboxChargeSchema>;

/**
 * The charge the sandbox checkout records when its tester approves `intent`: the amount, currency,
 * email and metadata the server chose. Shared by the checkout and every test and bench that pays.
 */
export function approvedSandboxCharge(
  intent: Pick<PaymentIntent, 'reference' | 'amountKobo' | 'currency' | 'email' | 'metadata'>,
  method: SandboxCharge['method'] = 'mobile_money',
): SandboxCharge {
  return {
    reference: intent.reference,
    amount: intent.amountKobo,
    currency: intent.currency,
    email: intent.email,
    metadata: intent.metadata,
    outcome: 'success',
    method,
  };
}

export const PAYMENTS_PATHS = {
  config: '/api/payments/config',
  verify: '/api/verify-payment',
  completeRegistration: '/api/complete-registration',
  paystackWebhook: '/api/paystack/webhook',
  sandboxCharge: '/api/sandbox/charge',
  sandboxMomo: '/api/sandbox/momo/:reference',
  testIntent: '/api/payments/test-intent',
} as const;

/** A payment to open in the provider's pop-up (sign-up's again, renewal, the diagnostics' test). */
export interface PaymentAnswer {
  success: true;
  payment: PaymentIntent;
}

/** The diagnostics page's test charge (diagnostics on only). */
export const testIntentSchema = z.object({
  plan: z.enum(['customer', 'professional']),
  email: z.email('Please enter a valid email address'),
});

export const paymentsConfig = route({
  method: 'GET',
  path: '/api/payments/config',
  caller: 'anyone',
  answer: json<PaymentsConfig>(),
  summary: 'Which payment provider the pop-up talks to, with its public key.',
});

export const verifyPayment = route({
  method: 'POST',
  path: '/api/verify-payment',
  body: verifyPaymentSchema,
  caller: 'anyone',
  answer: json<MessageAnswer>(),
  summary: 'Asks the provider about a payment and settles it when paid.',
});

export const completeRegistration = route({
  method: 'POST',
  path: '/api/complete-registration',
  body: completeRegistrationSchema,
  caller: 'anyone',
  answer: json<CompleteRegistrationResponse>(),
  summary: "Activates a paid sign-up; with the payment's completion secret, signs this browser in.",
});

/** Paystack's events, its own shape, taken only with its signature (the body is read as Paystack sends it). */
export const paystackWebhook = route({
  method: 'POST',
  path: '/api/paystack/webhook',
  caller: 'anyone',
  answer: json<OkAnswer>(),
  summary: "Paystack's signed events: charges and transfers settled.",
});

export const recordSandboxCharge = route({
  method: 'POST',
  path: '/api/sandbox/charge',
  body: sandboxChargeSchema,
  caller: 'anyone',
  answer: json<OkAnswer>(),
  summary: "The sandbox checkout's decision (the sandbox only).",
});

export const startTestPayment = route({
  method: 'POST',
  path: '/api/payments/test-intent',
  body: testIntentSchema,
  caller: 'anyone',
  answer: json<PaymentAnswer>(),
  summary: "The diagnostics page's test payment (diagnostics on only).",
});
