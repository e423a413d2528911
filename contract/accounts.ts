import * as z from 'zod/mini';
import {
  AFFILIATE_MESSAGES,
  LOGIN_MESSAGES,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MIN,
  PHONE_MAX,
  SIGNUP_MESSAGES,
  type SessionUser,
  USER_TYPES,
} from './account-types.ts';
import { MOMO_NETWORKS } from './affiliate-networks.ts';
import { lengthFirst, plainName } from './bounded.ts';
import { PESEWA_MESSAGES, wholePesewas } from './money.ts';
import { CATEGORY_NAMES } from './categories.ts';
import { CITY_NAMES } from './cities.ts';
import { monthsField } from './payments.ts';
import { isGhanaPhone } from './phone.ts';
import type { MessageAnswer } from './api.ts';
import { json, route } from './route.ts';
import type { PaymentAnswer, SignupResponse } from './payments.ts';
import { registrationPaymentSchema } from './payments.ts';
import { type ForgotPasswordResponse, type LoginResponse, SIGNUP_CHECK_ORDER } from './account-types.ts';

/** Accounts: one schema per request body (docs/PRODUCT.md "Account details", "Signing in and sessions"). Types and messages: account-types.ts. */
export * from './account-types.ts';

/**
 * An address people can be written to: no spaces, one @ with something before it, and a dot inside
 * the part after it. Written without a regular expression: the pattern it replaced,
 * /^[^\s@]+@[^\s@]+\.[^\s@]+$/, backtracked quadratically on "a@a.a.a.…@" (240 KB held
 * the server for 25 s). Every field also checks its length before any pattern runs.
 */
export function looksLikeEmail(value: string): boolean {
  // Visible ASCII only: a zero-width space or a Cyrillic "а" makes an address that looks like another's.
  if (value.length > EMAIL_MAX || !/^[\x21-\x7e]+$/.test(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const domain = value.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot < domain.length - 1;
}
const EMAIL_MAX = 254;

const text = (max = 500) => z._default(z.optional(z.string().check(z.trim(), z.maxLength(max))), '');
const requiredText = (message: string, max = 500) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max));
export const nameField = (message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    lengthFirst(NAME_MAX, SIGNUP_MESSAGES.nameLength),
    ...plainName(),
    z.minLength(1, message),
    z.refine((v) => v.length === 0 || v.length >= NAME_MIN, SIGNUP_MESSAGES.nameLength),
    z.maxLength(NAME_MAX, SIGNUP_MESSAGES.nameLength),
  );
export const emailField = (required: string) =>
  z.string({ error: required }).check(
    z.trim(),
    lengthFirst(EMAIL_MAX, SIGNUP_MESSAGES.invalidEmail),
    z.minLength(1, required),
    z.refine((v) => v === '' || looksLikeEmail(v), SIGNUP_MESSAGES.invalidEmail),
  );
export const phoneField = (required: string) =>
  z.string({ error: required }).check(
    z.trim(),
    lengthFirst(PHONE_MAX + 4, SIGNUP_MESSAGES.invalidPhone), // room for the spaces people type
    z.minLength(1, required),
    z.refine((v) => v === '' || isGhanaPhone(v), SIGNUP_MESSAGES.invalidPhone),
  );
const password = (required: string) =>
  z.string({ error: required }).check(
    z.minLength(1, required),
    z.refine((v) => v === '' || v.length >= PASSWORD_MIN, SIGNUP_MESSAGES.shortPassword),
    z.maxLength(200),
  );
/** Empty, or one of the listed values. */
const oneOf = (values: readonly string[], message: string) =>
  z._default(
    z.optional(
      z.string().check(
        z.trim(),
        z.refine((v) => v === '' || values.includes(v), message),
      ),
    ),
    '',
  );
/** A rate in cedis at sign-up: 0 (not given) or at least one pesewa, in whole pesewas. */
const money = z._default(
  z.optional(
    z.number().check(
      z.minimum(0),
      z.maximum(100_000),
      z.refine((v) => v === 0 || (v >= 0.01 && wholePesewas(v)), PESEWA_MESSAGES.decimals),
    ),
  ),
  0,
);

/**
 * Customer/professional sign-up (the body of POST /api/signup, docs/PRODUCT.md "Account details", plus the optional
 * `referrerCode` from /signup?ref=CODE). Required fields are checked first, then each pattern,
 * in this order (docs/PRODUCT.md "Account details"); `firstProblem` picks the message the wizard shows.
 */
export const signupSchema = z
  .object({
    firstName: nameField(SIGNUP_MESSAGES.required),
    lastName: nameField(SIGNUP_MESSAGES.required),
    email: emailField(SIGNUP_MESSAGES.required),
    password: password(SIGNUP_MESSAGES.required),
    confirmPassword: z._default(z.optional(z.string()), ''),
    phone: phoneField(SIGNUP_MESSAGES.required),
    userType: z.enum(['customer', 'professional'], SIGNUP_MESSAGES.noPlan),
    location: oneOf(CITY_NAMES, 'Please choose your city from the list'),
    localAddress: text(300),
    profession: oneOf(CATEGORY_NAMES, SIGNUP_MESSAGES.noProfession),
    description: text(2000),
    profilePicture: z._default(
      z.optional(
        z.string().check(
          z.trim(),
          lengthFirst(255, 'Profile picture name is too long'),
          z.refine((v) => v === '' || /\.(png|jpe?g)$/i.test(v), 'Profile picture must be a PNG or JPG file'),
        ),
      ),
      '',
    ),
    baseRate: money,
    maxRate: money,
    rateNegotiable: z._default(z.optional(z.boolean()), false),
    // Typed by hand or carried from /signup?ref=CODE; an unknown code is refused, never dropped silently.
    referrerCode: z.optional(
      z.string().check(
        z.trim(),
        lengthFirst(32, SIGNUP_MESSAGES.referrerFormat),
        z.refine((v) => v === '' || /^[A-Za-z0-9]{4,32}$/.test(v), SIGNUP_MESSAGES.referrerFormat),
      ),
    ),
    // How many months the first payment buys (docs/PRODUCT.md "Paying months ahead").
    months: monthsField,
    // Consent is given, not assumed: the account records which terms and when (docs/PRODUCT.md
    // "Account details"). Checked with the other whole-form rules below, so a form with the box
    // unticked still has its other problems found (zod runs refinements only on a well-formed object).
    agreeToTerms: z.optional(z.unknown()),
  })
  .check(
    z.refine((s) => s.confirmPassword === '' || s.confirmPassword === s.password, {
      message: SIGNUP_MESSAGES.passwordMismatch,
      path: ['confirmPassword'],
    }),
    z.refine((s) => s.userType !== 'professional' || s.profession !== '', {
      message: SIGNUP_MESSAGES.noProfession,
      path: ['profession'],
    }),
    z.refine((s) => s.userType !== 'professional' || s.localAddress !== '', {
      message: SIGNUP_MESSAGES.noLocalAddress,
      path: ['localAddress'],
    }),
    z.refine((s) => s.agreeToTerms === true, { message: SIGNUP_MESSAGES.terms, path: ['agreeToTerms'] }),
  );
export type SignupInput = z.input<typeof signupSchema>;
export type Signup = z.output<typeof signupSchema>;

/** Affiliate sign-up (docs/PRODUCT.md "Affiliates, commission and payouts", "Account details"). `agreeToTerms` must be true. */
export const affiliateSignupSchema = z
  .object({
    firstName: nameField(AFFILIATE_MESSAGES.required),
    lastName: nameField(AFFILIATE_MESSAGES.required),
    email: emailField(AFFILIATE_MESSAGES.required),
    phone: phoneField(AFFILIATE_MESSAGES.required),
    password: password(AFFILIATE_MESSAGES.required),
    location: requiredText(AFFILIATE_MESSAGES.required, 100),
    payoutMethod: z.enum(['mobile-money', 'bank-account'], AFFILIATE_MESSAGES.noPayoutMethod),
    bankAccount: text(300),
    momoNumber: text(20),
    /** Optional: with it, payouts can go out as Paystack transfers; without it they are paid by hand. */
    momoNetwork: oneOf(
      MOMO_NETWORKS.map((n) => n.code),
      'Please choose your mobile money network from the list',
    ),
    description: text(2000),
    agreeToTerms: z.literal(true, AFFILIATE_MESSAGES.terms),
  })
  .check(
    z.refine((s) => s.payoutMethod !== 'mobile-money' || s.momoNumber !== '', {
      message: AFFILIATE_MESSAGES.noMomoNumber,
      path: ['momoNumber'],
    }),
    z.refine((s) => s.payoutMethod !== 'mobile-money' || s.momoNumber === '' || isGhanaPhone(s.momoNumber), {
      message: AFFILIATE_MESSAGES.invalidPhone,
      path: ['momoNumber'],
    }),
    z.refine((s) => s.payoutMethod !== 'bank-account' || s.bankAccount !== '', {
      message: AFFILIATE_MESSAGES.noBankAccount,
      path: ['bankAccount'],
    }),
  );
export type AffiliateSignupInput = z.input<typeof affiliateSignupSchema>;
export type AffiliateSignup = z.output<typeof affiliateSignupSchema>;

/** Sign-in (docs/PRODUCT.md "Signing in and sessions"): only the identifier matching loginMethod is read. */
export const loginSchema = z
  .object({
    loginMethod: z._default(z.optional(z.enum(['email', 'phone'])), 'email'),
    email: z.optional(z.string().check(z.trim(), z.maxLength(254))),
    phone: z.optional(z.string().check(z.trim(), z.maxLength(PHONE_MAX + 4))),
    password: z
      .string({ error: LOGIN_MESSAGES.required })
      .check(z.minLength(1, LOGIN_MESSAGES.required), z.maxLength(200)),
    accountType: z.optional(z.enum(USER_TYPES)),
  })
  .check(
    z.refine((s) => (s.loginMethod === 'phone' ? !!s.phone : !!s.email), {
      message: LOGIN_MESSAGES.required,
      path: ['email'],
    }),
  );
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z
  .object({
    email: z.optional(z.string().check(z.trim(), z.maxLength(254))),
    phone: z.optional(z.string().check(z.trim(), z.maxLength(PHONE_MAX + 4))),
  })
  .check(
    z.refine((s) => !!s.email || !!s.phone, { message: 'Please enter your email or phone number.', path: ['email'] }),
  );

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: 'This reset link is incomplete.' })
    .check(z.minLength(20, 'This reset link is incomplete.'), z.maxLength(200)),
  password: password('Please enter a new password.'),
});

/** POST /api/auth/verify: the session's account, as sign-in gave it. */
export interface VerifyAnswer {
  success: true;
  user: SessionUser;
}

/** A customer or professional signs up: the account waits for its first payment (docs/PRODUCT.md "First payment and activation"). */
export const signUp = route({
  method: 'POST',
  path: '/api/signup',
  body: signupSchema,
  checkOrder: SIGNUP_CHECK_ORDER,
  caller: 'anyone',
  answer: json<SignupResponse>(),
  status: 201,
  summary: 'Sign up as a customer or professional; answers the first payment to make.',
});

/** A pending account's first payment again, for another length: only with the secret of its latest payment. */
export const payForSignupAgain = route({
  method: 'POST',
  path: '/api/signup/payment',
  body: registrationPaymentSchema,
  caller: 'anyone',
  answer: json<PaymentAnswer>(),
  summary: "A pending account's first payment again, for another number of months.",
});

export const signIn = route({
  method: 'POST',
  path: '/api/auth/login',
  body: loginSchema,
  caller: 'anyone',
  answer: json<LoginResponse>(),
  summary: 'Sign in with an email or phone and a password.',
});

export const verifySession = route({
  method: 'POST',
  path: '/api/auth/verify',
  caller: 'signed-in',
  answer: json<VerifyAnswer>(),
  summary: "The session's account, as sign-in gave it.",
});

export const signOut = route({
  method: 'POST',
  path: '/api/auth/logout',
  caller: 'anyone',
  answer: json<MessageAnswer>(),
  summary: "Ends the bearer token's session (answers the same without one).",
});

export const forgotPassword = route({
  method: 'POST',
  path: '/api/auth/forgot-password',
  body: forgotPasswordSchema,
  caller: 'anyone',
  answer: json<ForgotPasswordResponse>(),
  summary: 'Sends a password-reset link, the same answer whether or not an account has the address.',
});

export const resetPassword = route({
  method: 'POST',
  path: '/api/auth/reset-password',
  body: resetPasswordSchema,
  caller: 'anyone',
  answer: json<MessageAnswer>(),
  summary: "Sets a new password with a reset link's token.",
});
