import { affiliateSignup, type MomoNetwork } from '../../../../contract/affiliates.ts';
import { map } from 'nanostores';
import {
  AFFILIATE_CHECK_ORDER,
  AFFILIATE_MESSAGES,
  type AffiliateSignupInput,
  affiliateSignupSchema,
  firstProblem,
} from '../../../../contract/accounts.ts';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { call } from '../../lib/call.ts';
import { ApiError, logUnexpected, NetworkError, serverMessage, TimeoutError } from '../../lib/api.ts';
import { isUnreadableAnswer } from '../../lib/refusals.ts';
import { signIn } from '../../stores/session.ts';

/**
 * The affiliate sign-up (docs/PRODUCT.md "Affiliates, commission and payouts"): up to 3 attempts on a
 * network failure (waiting 1 s, then 2 s), the status-specific messages, auto-login, then step 2.
 */
export interface AffiliateForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  location: string;
  payoutMethod: '' | 'mobile-money' | 'bank-account';
  bankAccount: string;
  momoNumber: string;
  /** '' (not said): payouts are then paid by hand rather than as a Paystack transfer. */
  momoNetwork: '' | MomoNetwork;
  description: string;
  agreeToTerms: boolean;
}

export interface AffiliateSignupResponse {
  success: true;
  message: string;
  autoLogin: boolean;
  token?: string;
  user: SessionUser;
  affiliate?: { referrerCode?: string };
}

export const EMPTY_AFFILIATE: AffiliateForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  location: '',
  payoutMethod: '',
  bankAccount: '',
  momoNumber: '',
  momoNetwork: '',
  description: '',
  agreeToTerms: false,
};

export const FALLBACK_REFERRER_CODE = 'SEAFF0000';
export const ATTEMPTS = 3;
export const RETRY_WAITS_MS = [1000, 2000] as const;

export const AFFILIATE_SIGNUP_ERRORS = {
  notFound:
    'API endpoint not found. The affiliate signup service may be temporarily unavailable. Please try again later or contact support.',
  server: 'Server error occurred during signup. Please try again in a few moments.',
  invalid: 'Invalid signup data. Please check your information and try again.',
  network: `Network error after ${ATTEMPTS} attempts. Please check your internet connection and try again.`,
  unreadable: 'Server response error. Please try again in a moment.',
  other: (status: number, text: string) => `Signup failed (${status}): ${text}. Please try again.`,
} as const;

export const $affiliateForm = map<AffiliateForm>({ ...EMPTY_AFFILIATE });
export const $affiliate = map<{ step: 1 | 2; alert: string; busy: boolean; referrerCode: string; firstName: string }>({
  step: 1,
  alert: '',
  busy: false,
  referrerCode: '',
  firstName: '',
});

/**
 * Changes one field. The mobile money number starts as the phone number (most people are paid on
 * the number they gave), and follows the phone while it has not been typed over; it stays editable.
 */
export function updateAffiliateField<K extends keyof AffiliateForm>(key: K, value: AffiliateForm[K]): void {
  const before = $affiliateForm.get();
  const after = { ...before, [key]: value };
  const momoUntouched = before.momoNumber.trim() === '' || before.momoNumber === before.phone;
  if (after.payoutMethod === 'mobile-money' && momoUntouched && (key === 'phone' || key === 'payoutMethod')) {
    after.momoNumber = after.phone;
  }
  $affiliateForm.set(after);
}

/** The submit stays disabled until these are filled and the terms are ticked (docs/PRODUCT.md "Affiliates, commission and payouts"). */
export function requiredFilled(f: AffiliateForm): boolean {
  const filled = [f.firstName, f.lastName, f.email, f.phone, f.password, f.location].every((v) => v.trim() !== '');
  const payout =
    f.payoutMethod === 'mobile-money'
      ? f.momoNumber.trim() !== ''
      : f.payoutMethod === 'bank-account' && f.bankAccount.trim() !== '';
  return filled && payout && f.agreeToTerms;
}

const isNetworkFailure = (error: unknown) => error instanceof NetworkError || error instanceof TimeoutError;

/** The alert for a failed POST /api/affiliate-signup, by status (docs/PRODUCT.md "Affiliates, commission and payouts"). */
export function affiliateFailureMessage(error: unknown): string {
  if (isNetworkFailure(error)) return AFFILIATE_SIGNUP_ERRORS.network;
  if (!(error instanceof ApiError)) return AFFILIATE_SIGNUP_ERRORS.unreadable;
  const message = serverMessage(error.body);
  if (isUnreadableAnswer(error)) return AFFILIATE_SIGNUP_ERRORS.unreadable;
  if (error.code === 'not_found') return AFFILIATE_SIGNUP_ERRORS.notFound;
  if (error.code === 'server_error') return AFFILIATE_SIGNUP_ERRORS.server;
  // An email or phone taken is a refusal like a broken rule: the server's message says which.
  if (error.code === 'invalid_input' || error.code === 'already_exists')
    return message ?? AFFILIATE_SIGNUP_ERRORS.invalid;
  return AFFILIATE_SIGNUP_ERRORS.other(error.status, message ?? error.message);
}

export interface AffiliateDeps {
  post: (body: AffiliateSignupInput) => Promise<AffiliateSignupResponse>;
  wait: (ms: number) => Promise<void>;
}

const defaultDeps: AffiliateDeps = {
  post: (body) => call(affiliateSignup, { body }, { timeoutMs: 30_000 }),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Posts with up to 3 attempts when the network fails, waiting 1 s then 2 s. */
async function postWithRetry(body: AffiliateSignupInput, deps: AffiliateDeps): Promise<AffiliateSignupResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.post(body);
    } catch (error) {
      if (!isNetworkFailure(error) || attempt >= ATTEMPTS) throw error;
      await deps.wait(RETRY_WAITS_MS[attempt - 1] ?? 2000);
    }
  }
}

export async function submitAffiliate(deps: AffiliateDeps = defaultDeps): Promise<void> {
  if ($affiliate.get().busy) return;
  const form = $affiliateForm.get();
  const parsed = affiliateSignupSchema.safeParse({ ...form, payoutMethod: form.payoutMethod || undefined });
  if (!parsed.success) {
    $affiliate.setKey('alert', firstProblem(parsed.error.issues, AFFILIATE_CHECK_ORDER) ?? AFFILIATE_MESSAGES.required);
    return;
  }
  $affiliate.set({ ...$affiliate.get(), alert: '', busy: true });
  try {
    // The server validates with the same schema, agreeToTerms included.
    const answer = await postWithRetry(parsed.data, deps);
    if (!answer || typeof answer !== 'object' || !answer.user)
      throw new ApiError(200, AFFILIATE_SIGNUP_ERRORS.unreadable, null);
    if (answer.autoLogin && answer.token) signIn(answer.token, answer.user, { rememberEmail: true });
    $affiliate.set({
      step: 2,
      alert: '',
      busy: false,
      referrerCode: answer.affiliate?.referrerCode || FALLBACK_REFERRER_CODE,
      firstName: answer.user.firstName,
    });
  } catch (error) {
    logUnexpected('Affiliate sign-up failed', error);
    $affiliate.set({ ...$affiliate.get(), alert: affiliateFailureMessage(error), busy: false });
  }
}

/** For tests. */
export function resetAffiliate(): void {
  $affiliateForm.set({ ...EMPTY_AFFILIATE });
  $affiliate.set({ step: 1, alert: '', busy: false, referrerCode: '', firstName: '' });
}
