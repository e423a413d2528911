/**
 * The subscription payment in the browser (docs/PRODUCT.md "First payment and activation"). The server chose the reference and the amount (the
 * PaymentIntent); this opens the provider's pop-up for it — Paystack's inline script, or the local
 * sandbox checkout when no keys are configured — then verifies and completes through the server.
 */
import { completeRegistration, paymentsConfig, verifyPayment } from '../../../contract/payments.ts';
import { call } from './call.ts';
import { ApiError, logUnexpected, serverMessage } from './api.ts';
import { loadPaystack } from './paystack-loader.ts';
import { openSandboxCheckout } from '../ui/SandboxCheckout.tsx';
import type { PaystackPopClass } from './paystack-loader.ts';
import {
  type CompleteRegistrationResponse,
  PAYMENT_MESSAGES,
  PAYMENT_TIMINGS,
  type PaymentIntent,
  type PaymentsConfig,
} from '../../../contract/payments.ts';

export type PaymentResult = { status: 'success'; reference: string } | { status: 'cancelled' };

interface PreconditionInput {
  provider: PaymentIntent['provider'];
  key: string | null | undefined;
  email: string | null | undefined;
  amount: number | null | undefined;
  onSuccess: unknown;
  onClose: unknown;
}

/**
 * The checks before the pop-up opens (docs/PRODUCT.md "First payment and activation"), in its order; throws Error(message) on the first
 * unmet one. Returns the amount rounded to a whole number of pesewas.
 */
export function checkPaymentPreconditions(input: PreconditionInput): number {
  if (input.provider === 'paystack' && !input.key) throw new Error(PAYMENT_MESSAGES.publicKeyRequired);
  if (!input.email) throw new Error(PAYMENT_MESSAGES.emailRequired);
  const amount = Math.round(Number(input.amount));
  if (!Number.isFinite(amount) || amount <= 0) throw new Error(PAYMENT_MESSAGES.amountRequired);
  if (typeof input.onSuccess !== 'function') throw new Error(PAYMENT_MESSAGES.callbackRequired);
  if (typeof input.onClose !== 'function') throw new Error(PAYMENT_MESSAGES.onCloseRequired);
  return amount;
}

/**
 * What the person reads when Paystack's script did not arrive: still on its way over a slow line
 * (wait), arrived broken (refresh), or not loaded at all. The loader's own words are logged only.
 */
export function paymentSystemMessage(error: unknown): string {
  const reason = error instanceof Error ? error.message : '';
  if (reason === PAYMENT_MESSAGES.scriptTimeout) return PAYMENT_MESSAGES.notReady;
  if (reason === PAYMENT_MESSAGES.sdkMissing) return PAYMENT_MESSAGES.notAvailable;
  return PAYMENT_MESSAGES.loadFailed;
}

/** Runs a provider callback; errors thrown inside it are logged only (docs/PRODUCT.md "First payment and activation"). */
function guarded<A extends unknown[]>(fn: (...args: A) => void) {
  return (...args: A) => {
    try {
      fn(...args);
    } catch (error) {
      logUnexpected('Payment callback failed', error);
    }
  };
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Opens Paystack's pop-up (v2 `newTransaction`, else the v1 `setup().openIframe()`). */
function openPaystack(
  Pop: PaystackPopClass,
  intent: PaymentIntent,
  amount: number,
  onSuccess: (reference: string) => void,
  onClose: () => void,
  onError: (error: Error) => void,
) {
  const base = {
    key: intent.publicKey,
    email: intent.email,
    amount,
    currency: intent.currency || 'GHS',
    channels: [...intent.channels],
    metadata: intent.metadata,
  };
  const success = guarded((response: { reference?: string } | undefined) =>
    onSuccess(response?.reference ?? intent.reference),
  );
  const close = guarded(onClose);
  const popup = new Pop();
  if (typeof popup.newTransaction === 'function') {
    popup.newTransaction({
      ...base,
      reference: intent.reference,
      onSuccess: success,
      onCancel: close,
      onError: guarded((error: { message?: string } | undefined) => {
        logUnexpected('Paystack error', error);
        onError(new Error(PAYMENT_MESSAGES.initFailed));
      }),
    });
  } else if (typeof Pop.setup === 'function') {
    Pop.setup({ ...base, ref: intent.reference, callback: success, onClose: close }).openIframe();
  } else {
    throw new Error(PAYMENT_MESSAGES.sdkNotLoaded);
  }
}

/**
 * Opens the pop-up for `intent` and settles when the user pays ({status:'success', reference}) or
 * closes it ({status:'cancelled'}). Throws Error(message) when a precondition is unmet or the
 * provider cannot be loaded.
 */
export async function payForIntent(intent: PaymentIntent): Promise<PaymentResult> {
  let settle!: (result: PaymentResult) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<PaymentResult>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const onSuccess = (reference: string) => settle({ status: 'success', reference });
  const onClose = () => settle({ status: 'cancelled' });
  const amount = checkPaymentPreconditions({
    provider: intent.provider,
    key: intent.publicKey,
    email: intent.email,
    amount: intent.amountKobo,
    onSuccess,
    onClose,
  });

  if (intent.provider === 'paystack') {
    let Pop: PaystackPopClass;
    try {
      Pop = await loadPaystack();
    } catch (error) {
      logUnexpected('Paystack script failed to load', error);
      throw new Error(paymentSystemMessage(error));
    }
    await delay(PAYMENT_TIMINGS.popupDelayMs);
    try {
      openPaystack(Pop, intent, amount, onSuccess, onClose, fail);
    } catch (error) {
      logUnexpected('Paystack pop-up failed to open', error);
      throw error instanceof Error && error.message === PAYMENT_MESSAGES.sdkNotLoaded
        ? error
        : new Error(PAYMENT_MESSAGES.initFailed);
    }
    return done;
  }

  // Sandbox: the local TEST MODE checkout. Imported statically: 1.3 KB gzip, less than the loader
  // helper a dynamic import() brings along, and no extra round trip on 3G when the user pays.
  await delay(PAYMENT_TIMINGS.popupDelayMs);
  openSandboxCheckout({ ...intent, amountKobo: amount }, guarded(onSuccess), guarded(onClose));
  return done;
}

let config: Promise<PaymentsConfig> | null = null;

/** GET /api/payments/config, once per page (forgotten after a failure). */
export function loadPaymentsConfig(): Promise<PaymentsConfig> {
  config ??= call(paymentsConfig, {}).catch((error: unknown) => {
    config = null;
    throw error;
  });
  return config;
}

/**
 * The account was not activated even though the payment was verified (docs/PRODUCT.md "First payment and activation"; only
 * logs this; we also tell the user plainly, with the reference to quote to support).
 */
export class RegistrationNotCompletedError extends Error {
  override name = 'RegistrationNotCompletedError';
  readonly reference: string;
  constructor(reference: string, cause: unknown) {
    super(
      `Your payment was received (reference ${reference}), but we could not activate your account yet. ` +
        'Please try again in a moment. If it still fails, contact support on WhatsApp and quote this reference.',
      { cause },
    );
    this.reference = reference;
  }
}

/**
 * POST /api/verify-payment, then /api/complete-registration with the intent's completionSecret, so
 * the answer signs this browser in. Verification failing throws
 * Error(server message or "Failed to verify payment. Please contact support."); completion failing
 * is logged and throws RegistrationNotCompletedError.
 */
export async function verifyAndComplete(
  userId: number,
  reference: string,
  completionSecret?: string,
): Promise<CompleteRegistrationResponse> {
  const paymentData = { reference, status: 'success' };
  let verified: { success: boolean; message?: string };
  try {
    verified = await call(verifyPayment, { body: { reference } });
  } catch (error) {
    logUnexpected('Payment verification failed', error);
    const message = error instanceof ApiError ? serverMessage(error.body) : undefined;
    throw new Error(message ?? PAYMENT_MESSAGES.verifyFailed, { cause: error });
  }
  if (!verified.success) throw new Error(verified.message || PAYMENT_MESSAGES.verifyFailed);
  try {
    const completed = await call(completeRegistration, {
      // The intent's one-time secret: it lets the server sign this browser in (and no other).
      body: { userId, paymentReference: reference, paymentData, completionSecret },
    });
    if (!completed.success) throw new Error(completed.message);
    return completed;
  } catch (error) {
    // Paid but not activated: always kept in the console, whatever the cause (the reference is shown too).
    console.error('Registration completion failed after a verified payment', error);
    throw new RegistrationNotCompletedError(reference, error);
  }
}
