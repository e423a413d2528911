import { signIn } from '../../../../contract/accounts.ts';
import { call } from '../../lib/call.ts';
import { LOGIN_MESSAGES, loginSchema } from '../../../../contract/accounts.ts';
import type { LoginResponse, SessionUser, UserType } from '../../../../contract/account-types.ts';
import type { PaymentIntent } from '../../../../contract/payments.ts';
import { ApiError, NetworkError, serverMessage, TimeoutError } from '../../lib/api.ts';

/** What the form holds (strings as typed). */
export interface LoginForm {
  accountType: UserType;
  loginMethod: 'email' | 'phone';
  email: string;
  phone: string;
  password: string;
}

export type LoginOutcome =
  /** The form is incomplete; nothing was sent. `field` is the control to focus. */
  | { kind: 'invalid'; message: string; field: 'email' | 'phone' | 'password' }
  | { kind: 'success'; token: string; user: SessionUser; corrected: boolean; firstVisit: boolean }
  /** A pending (unpaid) account: offer to complete the payment. */
  | { kind: 'payment-required'; message: string; userId: number; intent: PaymentIntent }
  /** "Login Failed" with this message (wrong credentials, suspended, throttled, …). */
  | { kind: 'failed'; message: string }
  /** "Login Error": the server could not be reached. */
  | { kind: 'network' };

/** What a `payment_required` refusal carries beside its code: the payment the account waits for. */
interface PaymentRequiredBody {
  message?: string;
  userId: number;
  payment: PaymentIntent;
}

function carriesPayment(body: unknown): body is PaymentRequiredBody {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Partial<PaymentRequiredBody>;
  return typeof b.userId === 'number' && typeof b.payment === 'object' && b.payment !== null;
}

/**
 * Validates with the contract's loginSchema, then POST /api/auth/login with only the identifier
 * matching the method (docs/PRODUCT.md "Signing in and sessions"). The account type is a hint: the server's userType decides.
 */
export async function attemptLogin(form: LoginForm): Promise<LoginOutcome> {
  const input =
    form.loginMethod === 'phone'
      ? { loginMethod: 'phone' as const, phone: form.phone, password: form.password, accountType: form.accountType }
      : { loginMethod: 'email' as const, email: form.email, password: form.password, accountType: form.accountType };
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) {
    const identifierMissing = form.loginMethod === 'phone' ? !form.phone.trim() : !form.email.trim();
    return {
      kind: 'invalid',
      message: parsed.error.issues[0]?.message ?? LOGIN_MESSAGES.required,
      field: identifierMissing ? form.loginMethod : 'password',
    };
  }
  return outcomeOf(call(signIn, { body: parsed.data }), form.accountType);
}

/**
 * What a sign-in's answer (by password or by texted code) means for the page: signed in, a first
 * payment to make, refused in words ("Login Failed"), or no connection ("Login Error").
 */
export async function outcomeOf(call: Promise<LoginResponse>, picked: UserType): Promise<LoginOutcome> {
  try {
    const answer = await call;
    if (!answer?.token || !answer.user)
      return { kind: 'failed', message: serverMessage(answer) ?? LOGIN_MESSAGES.failedFallback };
    return {
      kind: 'success',
      token: answer.token,
      user: answer.user,
      corrected: answer.user.userType !== picked,
      firstVisit: answer.firstVisit === true,
    };
  } catch (error) {
    return refusalOutcome(error);
  }
}

/** What a sign-in call that threw means: no connection, a first payment to make, or refused in words. */
export function refusalOutcome(error: unknown): LoginOutcome {
  if (error instanceof NetworkError || error instanceof TimeoutError) return { kind: 'network' };
  if (error instanceof ApiError) {
    if (error.code === 'payment_required' && carriesPayment(error.body)) {
      return {
        kind: 'payment-required',
        message: serverMessage(error.body) ?? LOGIN_MESSAGES.pendingPayment,
        userId: error.body.userId,
        intent: error.body.payment,
      };
    }
    return { kind: 'failed', message: serverMessage(error.body) ?? LOGIN_MESSAGES.failedFallback };
  }
  return { kind: 'failed', message: LOGIN_MESSAGES.failedFallback };
}
