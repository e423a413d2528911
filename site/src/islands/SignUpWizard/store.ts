import { signUp } from '../../../../contract/accounts.ts';
import { call } from '../../lib/call.ts';
import { atom, map } from 'nanostores';
import { firstProblem, SIGNUP_CHECK_ORDER, SIGNUP_MESSAGES, signupSchema } from '../../../../contract/accounts.ts';
import type { SessionUser } from '../../../../contract/account-types.ts';
import {
  PAYMENT_MESSAGES,
  PAYMENT_TIMINGS,
  type PaymentIntent,
  type SignupResponse,
} from '../../../../contract/payments.ts';
import type { PlanLength } from '../../../../contract/plans.ts';
import {
  actionErrorMessage,
  ApiError,
  isRefusal,
  logUnexpected,
  NetworkError,
  serverMessage,
  TimeoutError,
} from '../../lib/api.ts';
import { firstPaymentFor } from '../../lib/first-payment.ts';
import { loadPaymentsConfig, payForIntent, verifyAndComplete } from '../../lib/payment.ts';
import { loadPaystack } from '../../lib/paystack-loader.ts';
import { getPendingUserId, setPendingUserId, signIn } from '../../stores/session.ts';
import { dashboardAfterSignIn, rememberBooking } from '../../lib/book-after.ts';
import { sessionStore } from '../../lib/storage.ts';
import { checkPhotoFile } from '../../../../contract/photos.ts';
import { uploadProfilePhoto } from '../../stores/photo-changes.ts';

/**
 * The customer/professional sign-up wizard (docs/PRODUCT.md "Sign-up and referrals", "First payment and activation"). $signupForm holds what was typed (kept across steps and failures); $signup holds the
 * step, the alert and where the payment stands. The actions are plain functions.
 */
export interface SignupForm {
  userType: '' | 'customer' | 'professional';
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  location: string;
  localAddress: string;
  description: string;
  profession: string;
  agreeToTerms: boolean;
  referrerCode: string;
  /** How many months the first payment buys (docs/PRODUCT.md "Paying months ahead"). */
  months: PlanLength;
}

export const EMPTY_FORM: SignupForm = {
  userType: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  location: '',
  localAddress: '',
  description: '',
  profession: '',
  agreeToTerms: false,
  referrerCode: '',
  months: 1,
};

export type Phase =
  | { name: 'editing' }
  | { name: 'submitting' }
  | { name: 'paying' }
  | { name: 'verifying' }
  | { name: 'failed'; message: string }
  | { name: 'done'; user: SessionUser; signedIn: boolean; to: string; photo: PhotoSending };

/** The profile photo chosen at sign-up, once the account is active: none, on its way, saved, or why not. */
export type PhotoSending = { state: 'none' | 'sending' | 'saved' } | { state: 'failed'; message: string };

export type Step = 1 | 2 | 3;
export type FieldErrors = Partial<Record<keyof SignupForm, string>>;

export interface SignupState {
  step: Step;
  /** The form's alert (the plan, server refusal, network failure): problems without a field of their own. */
  alert: string;
  /** The problems of the step on screen, each shown by its field. */
  errors: FieldErrors;
  /** Counts the checks that found problems: each one moves focus to the first field in error. */
  check: number;
  phase: Phase;
}

export const $signupForm = map<SignupForm>({ ...EMPTY_FORM });
export const $signup = map<SignupState>({ step: 1, alert: '', errors: {}, check: 0, phase: { name: 'editing' } });

/**
 * The profile photo chosen on step 3. In memory only (a file cannot be kept in the draft, so a
 * reload forgets it and the field says nothing is chosen); sent once the account is paid for and
 * signed in.
 */
export const $signupPhoto = atom<{ file: File | null; error: string }>({ file: null, error: '' });

/** A chosen photo (or none): checked as the dashboard's upload checks it, kept only if it may be sent. */
export function choosePhoto(file: File | null): boolean {
  const error = file ? (checkPhotoFile(file) ?? '') : '';
  $signupPhoto.set({ file: error ? null : file, error });
  return !error;
}

/** The account created on the server, its payment intent, and the reference once paid. */
let account: { userId: number; intent: PaymentIntent; paidReference: string | null } | null = null;
let redirectTimer: ReturnType<typeof setTimeout> | undefined;

export function updateField<K extends keyof SignupForm>(key: K, value: SignupForm[K]): void {
  $signupForm.set({ ...$signupForm.get(), [key]: value });
  const { errors } = $signup.get();
  if (errors[key]) {
    const { [key]: _fixed, ...rest } = errors;
    $signup.setKey('errors', rest);
  }
}

/** The fields each step shows: a step is checked on its own fields only, before it is left. */
export const STEP_FIELDS: Record<Step, readonly (keyof SignupForm)[]> = {
  1: ['userType'],
  2: ['firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword', 'referrerCode'],
  3: ['location', 'profession', 'localAddress', 'description', 'agreeToTerms'],
};

const stepOf = (key: string): Step | undefined =>
  ([1, 2, 3] as const).find((s) => (STEP_FIELDS[s] as readonly string[]).includes(key));

/**
 * The contract's sign-up schema (what the API checks) on what was typed: one message per field
 * (the first in the order of docs/PRODUCT.md "Account details"), and the first problem of anything no step shows.
 */
export function checkSignup(form: SignupForm): { errors: FieldErrors; other: string | undefined } {
  const parsed = signupSchema.safeParse(signupBody(form));
  const errors: FieldErrors = {};
  if (parsed.success) return { errors, other: undefined };
  const byField = new Map<keyof SignupForm, { message: string }[]>();
  const other: { message: string }[] = [];
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (stepOf(key)) byField.set(key as keyof SignupForm, [...(byField.get(key as keyof SignupForm) ?? []), issue]);
    else other.push(issue);
  }
  for (const [key, issues] of byField) errors[key] = firstProblem(issues, SIGNUP_CHECK_ORDER);
  return { errors, other: firstProblem(other, SIGNUP_CHECK_ORDER) };
}

/** The problems of one step's own fields. */
export function stepErrors(step: Step, form: SignupForm = $signupForm.get()): FieldErrors {
  const { errors } = checkSignup(form);
  return Object.fromEntries(STEP_FIELDS[step].filter((k) => errors[k]).map((k) => [k, errors[k]]));
}

/** How an empty field is named by itself ("First name is required"). */
const FIELD_NAMES: Partial<Record<keyof SignupForm, string>> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email address',
  phone: 'Phone number',
  password: 'Password',
  confirmPassword: 'Confirm password',
};

/**
 * Shows a step with its problems: the plan's as the alert, the others by their fields. Empty fields
 * get one sentence for the step, as its alert, and each is named by itself.
 */
function showProblems(step: Step, errors: FieldErrors): void {
  const state = $signup.get();
  if (step === 1) {
    $signup.set({ ...state, step, errors: {}, alert: errors.userType ?? SIGNUP_MESSAGES.noPlan });
    return;
  }
  const empty = (message: string | undefined) => message === SIGNUP_MESSAGES.required;
  const named = Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [
      key,
      empty(message) ? `${FIELD_NAMES[key as keyof SignupForm] ?? 'This field'} is required` : message,
    ]),
  );
  const alert = Object.values(errors).some(empty) ? SIGNUP_MESSAGES.required : '';
  $signup.set({ ...state, step, errors: named, alert, check: state.check + 1 });
}

const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/** Continue: leaves step 1 or 2 only when its own fields pass the contract's checks (docs/PRODUCT.md "First payment and activation"). */
export function nextStep(): boolean {
  const { step } = $signup.get();
  if (step === 3) return false;
  const errors = stepErrors(step);
  if (hasErrors(errors)) {
    showProblems(step, errors);
    return false;
  }
  $signup.set({ ...$signup.get(), alert: '', errors: {}, step: step === 1 ? 2 : 3 });
  return true;
}

export function previousStep(): void {
  const { step } = $signup.get();
  $signup.set({ ...$signup.get(), alert: '', errors: {}, step: step === 3 ? 2 : 1 });
}

/**
 * The first step a person may be on: once the account exists any step; otherwise the first whose
 * earlier steps do not all pass (after a reload the passwords are gone, so step 3 becomes step 2).
 */
export function furthestValidStep(wanted: Step, form: SignupForm = $signupForm.get()): Step {
  if (account) return wanted;
  for (let s = 1 as Step; s < wanted; s = (s + 1) as Step) {
    if (hasErrors(stepErrors(s, form))) return s;
  }
  return wanted;
}

/** Opens the wizard on a step kept by the history entry or the draft, if that step may be shown. */
export function resumeAt(wanted: Step): Step {
  const step = furthestValidStep(wanted);
  $signup.set({ ...$signup.get(), alert: '', errors: {}, step });
  return step;
}

/**
 * The browser's Back and Forward (each step is a history entry): back to any earlier step; forward
 * only past steps that pass, else the first that does not, with its problems shown. Returns the step shown.
 */
export function goToStep(wanted: Step): Step {
  const { step } = $signup.get();
  if (wanted === step) return step;
  if (wanted < step) {
    $signup.set({ ...$signup.get(), alert: '', errors: {}, step: wanted });
    return wanted;
  }
  const reached = furthestValidStep(wanted);
  if (reached !== wanted) {
    showProblems(reached, stepErrors(reached));
    return reached;
  }
  $signup.set({ ...$signup.get(), alert: '', errors: {}, step: wanted });
  return wanted;
}

export function dismissPaymentError(): void {
  $signup.setKey('phase', { name: 'editing' });
}

/**
 * The alert for a failed POST /api/signup: the server's reason, else what happened and what to do.
 * (The error's details and the time are logged, not shown: people read those as a crash; docs/PRODUCT.md "Plain words".)
 */
export function signupFailureMessage(error: unknown): string {
  const message = isRefusal(error) && error.code !== 'not_found' ? serverMessage(error.body) : undefined;
  if (message) return message;
  const network = error instanceof NetworkError || error instanceof TimeoutError;
  const hint = network
    ? 'This looks like a network issue: please check your internet connection and try again. Nothing you typed is lost.'
    : error instanceof ApiError && (error.code === 'not_found' || !isRefusal(error))
      ? 'Service temporarily unavailable. Please try again in a few minutes. Nothing you typed is lost.'
      : 'Please check your information and try again.';
  return `Failed to submit registration data. ${hint}`;
}

/**
 * The field a refusal names: the email or phone that already has an account (`already_exists`),
 * or a field the form broke (`invalid_input`, e.g. an unknown referrer code).
 */
function refusedField(error: unknown): keyof SignupForm | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code !== 'already_exists' && error.code !== 'invalid_input') return undefined;
  const named = error.fieldErrors[0]?.field;
  return typeof named === 'string' && stepOf(named) ? (named as keyof SignupForm) : undefined;
}

/** The request body: the form (the terms tick too: the server records the consent) without an empty ref. */
function signupBody(form: SignupForm) {
  const { referrerCode, userType, ...rest } = form;
  return {
    ...rest,
    // checkSignup refused a form without a plan before any body is made.
    userType: userType as 'customer' | 'professional',
    baseRate: 0,
    maxRate: 0,
    rateNegotiable: false,
    ...(referrerCode ? { referrerCode } : {}),
  };
}

/** "Complete Registration & Pay": validate, create the pending account once, then pay. */
export async function submitSignup(): Promise<void> {
  const { phase } = $signup.get();
  if (phase.name !== 'editing' && phase.name !== 'failed') return;
  if (account && !account.paidReference) return pay();
  if (account) return finish();

  const form = $signupForm.get();
  const { errors, other } = checkSignup(form);
  // A problem is shown on the step that has its field (never on step 3 with nothing there to fix).
  const first = ([1, 2, 3] as const).find((s) => STEP_FIELDS[s].some((k) => errors[k]));
  if (first) {
    showProblems(first, stepErrors(first, form));
    return;
  }
  if (other) {
    $signup.setKey('alert', other);
    return;
  }
  const body = signupBody(form);
  $signup.set({ ...$signup.get(), alert: '', errors: {}, phase: { name: 'submitting' } });
  let created: SignupResponse;
  try {
    created = await call(signUp, { body }, { timeoutMs: 30_000 });
  } catch (error) {
    logUnexpected('Sign-up failed', error);
    const refused = refusedField(error);
    if (refused) {
      $signup.setKey('phase', { name: 'editing' });
      showProblems(stepOf(refused)!, { [refused]: signupFailureMessage(error) });
      return;
    }
    $signup.set({ ...$signup.get(), alert: signupFailureMessage(error), phase: { name: 'editing' } });
    return;
  }
  // (docs/PRODUCT.md "First payment and activation": "before payment starts, email, first and last name must exist": the schema above.)
  account = { userId: created.user.id, intent: created.payment, paidReference: null };
  setPendingUserId(created.user.id);
  saveDraft();
  return pay();
}

/**
 * Opens the pop-up for the account's intent (also the error panel's Try Again), for the months
 * chosen now: a length changed after the account was made gets a fresh intent first.
 */
async function pay(): Promise<void> {
  if (!account) return;
  $signup.setKey('phase', { name: 'paying' });
  try {
    account.intent = await firstPaymentFor(account.userId, account.intent, $signupForm.get().months);
    saveDraft();
    const result = await payForIntent(account.intent);
    if (result.status === 'cancelled') {
      $signup.setKey('phase', { name: 'failed', message: PAYMENT_MESSAGES.cancelled });
      return;
    }
    account.paidReference = result.reference;
    saveDraft();
  } catch (error) {
    logUnexpected('Payment failed to start', error);
    $signup.setKey('phase', { name: 'failed', message: actionErrorMessage(error, PAYMENT_MESSAGES.initFailed) });
    return;
  }
  return finish();
}

/** Verifies the paid reference and completes the registration, then signs in and redirects. */
async function finish(): Promise<void> {
  if (!account?.paidReference) return;
  $signup.setKey('phase', { name: 'verifying' });
  try {
    const done = await verifyAndComplete(account.userId, account.paidReference, account.intent.completionSecret);
    setPendingUserId(null);
    clearDraft();
    const signedIn = done.autoLogin && !!done.token;
    if (signedIn) signIn(done.token!, done.user, { rememberEmail: true });
    // Without auto-login the dashboard's guard would send them to /signin: go there directly.
    const to = signedIn ? dashboardAfterSignIn(done.user) : '/signin';
    const photo = signedIn ? $signupPhoto.get().file : null;
    const phase = { name: 'done', user: done.user, signedIn, to } as const;
    $signup.setKey('phase', { ...phase, photo: { state: photo ? 'sending' : 'none' } });
    clearTimeout(redirectTimer);
    let waited = false;
    let sending = !!photo;
    const moveOn = () => waited && !sending && window.location.assign(to);
    redirectTimer = setTimeout(() => {
      waited = true;
      moveOn();
    }, PAYMENT_TIMINGS.redirectAfterPaymentMs);
    // The photo goes through the dashboard's own upload (its checks, re-encoding and limits) now
    // that there is a session; the page moves on once it is saved, and stays to say so if it failed.
    if (photo)
      void uploadProfilePhoto(photo).then((sent) => {
        $signup.setKey('phase', {
          ...phase,
          photo: sent.ok ? { state: 'saved' } : { state: 'failed', message: sent.message },
        });
        sending = !sent.ok; // a failure keeps the page, to be read
        moveOn();
      });
  } catch (error) {
    // A verified payment whose completion failed stays honest: we never say the account is active.
    $signup.setKey('phase', {
      name: 'failed',
      message: (error as Error).message || PAYMENT_MESSAGES.verificationFailed,
    });
  }
}

/** The error panel's Try Again: verify again if paid, otherwise re-open the payment. */
export function retryPayment(): Promise<void> {
  if (account?.paidReference) return finish();
  return pay();
}

/** Whether the pending account has been created (the submit button then only re-opens payment). */
export const hasAccount = (): boolean => account !== null;

// ---- The draft: what was typed (never the passwords) and the pending account, kept in
// sessionStorage so "Refresh Page" (or a reload by the phone) loses nothing and pays for the same
// account instead of failing on "email already registered".

const DRAFT_KEY = 'signupDraft';

export function saveDraft(): void {
  if ($signup.get().phase.name === 'done') {
    clearDraft();
    return;
  }
  try {
    sessionStore()?.setItem(
      DRAFT_KEY,
      JSON.stringify({
        form: { ...$signupForm.get(), password: '', confirmPassword: '' },
        step: $signup.get().step,
        account,
      }),
    );
  } catch {
    // Storage full or disabled: the draft is a convenience only.
  }
}

export function clearDraft(): void {
  try {
    sessionStore()?.removeItem(DRAFT_KEY);
  } catch {
    // ignore
  }
}

/** Restores a draft of this tab; the pending account only if it is still the pendingUserId. */
export function restoreDraft(): boolean {
  try {
    const raw = sessionStore()?.getItem(DRAFT_KEY);
    if (!raw) return false;
    const draft = JSON.parse(raw) as { form?: Partial<SignupForm>; step?: number; account?: typeof account };
    $signupForm.set({ ...EMPTY_FORM, ...draft.form, password: '', confirmPassword: '' });
    if (draft.account && draft.account.userId === getPendingUserId()) account = draft.account;
    const step = draft.step === 2 || draft.step === 3 ? draft.step : 1;
    $signup.set({ ...$signup.get(), step: furthestValidStep(step) });
    return true;
  } catch {
    return false;
  }
}

/** Keeps the draft up to date while the wizard is on screen; returns the unsubscribe. */
export function keepDraft(): () => void {
  const offForm = $signupForm.listen(saveDraft);
  const offStep = $signup.listen(saveDraft);
  return () => {
    offForm();
    offStep();
  };
}

/** For tests: back to an empty wizard. */
export function resetSignup(): void {
  account = null;
  clearTimeout(redirectTimer);
  $signupForm.set({ ...EMPTY_FORM });
  $signupPhoto.set({ file: null, error: '' });
  $signup.set({ step: 1, alert: '', errors: {}, check: 0, phase: { name: 'editing' } });
}

/**
 * docs/PRODUCT.md "First payment and activation": the provider script is loaded at start, so it is ready by the time the user pays.
 * A failure here is only logged: payForIntent loads it again (with its retry) when needed.
 */
export function preloadPayment(): void {
  loadPaymentsConfig()
    .then((config) => (config.provider === 'paystack' ? loadPaystack() : undefined))
    .catch((error: unknown) => console.warn('Payment provider not preloaded', error));
}

/** The referrer code that came with the link (/signup?ref=CODE), shown as applied; '' when typed or none. */
export const $linkReferrer = atom('');

/**
 * What a link into /signup carries: `?ref=CODE` fills the referrer code, `?plan=customer` or
 * `?plan=professional` (the landing page's plan choice) chooses the plan and opens step 2, and
 * `?book=ID` (a professional chosen in the public directory) is kept for after the payment.
 */
export function readSignupLink(search: string): void {
  rememberBooking(search);
  const query = new URLSearchParams(search);
  const code = query.get('ref')?.trim().slice(0, 32);
  if (code) {
    $signupForm.setKey('referrerCode', code);
    $linkReferrer.set(code);
  }
  const plan = query.get('plan');
  if ((plan === 'customer' || plan === 'professional') && !account) {
    $signupForm.setKey('userType', plan);
    if ($signup.get().step === 1) $signup.setKey('step', 2);
  }
}
