import * as z from 'zod/mini';
import { CATEGORY_NAMES } from './categories.ts';
import { CITY_NAMES } from './cities.ts';
import { GHANA_PHONE_EXAMPLES, isGhanaPhone } from './phone.ts';

/** Accounts, sign-in and sign-up (spec 000 §3, §5, §7, §8). One schema per request body. */
export const USER_TYPES = ['customer', 'professional', 'affiliate'] as const;
export type UserType = (typeof USER_TYPES)[number];
export type AccountStatus = 'pending' | 'active' | 'suspended';

export const DASHBOARD_PATHS: Record<UserType, string> = {
  customer: '/customer-dashboard',
  professional: '/professional-dashboard',
  affiliate: '/affiliate-dashboard',
};
export const dashboardPath = (userType: string | undefined): string =>
  DASHBOARD_PATHS[userType as UserType] ?? '/dashboard';

export const PASSWORD_MIN = 8;
export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const PHONE_MAX = 15;

export const SIGNUP_MESSAGES = {
  required: 'Please fill in all required fields',
  invalidEmail: 'Please enter a valid email address',
  shortPassword: 'Password must be at least 8 characters long',
  passwordMismatch: 'Passwords do not match. Please try again.',
  invalidPhone: `Please enter a valid Ghana phone number (e.g., ${GHANA_PHONE_EXAMPLES[0]} or ${GHANA_PHONE_EXAMPLES[1]})`,
  noPlan: 'Please select a subscription plan',
  noProfession: 'Please select your profession',
  noLocalAddress: 'Please enter your local address and service area',
  nameLength: `Names must be ${NAME_MIN} to ${NAME_MAX} characters`,
  beforePayment: 'Please fill in all required fields before proceeding.',
} as const;

export const AFFILIATE_MESSAGES = {
  required: 'Please fill in all required fields marked with *',
  noPayoutMethod: 'Please select a payout method',
  noMomoNumber: 'Please enter your Mobile Money number',
  noBankAccount: 'Please enter your bank account details',
  terms: 'Please agree to the terms and conditions',
  invalidEmail: SIGNUP_MESSAGES.invalidEmail,
  invalidPhone: SIGNUP_MESSAGES.invalidPhone,
  shortPassword: SIGNUP_MESSAGES.shortPassword,
} as const;

export const LOGIN_MESSAGES = {
  required: 'Please enter your email or phone and your password.',
  failedTitle: 'Login Failed',
  failedFallback: 'Invalid login credentials',
  networkTitle: 'Login Error',
  network: 'Unable to connect to server. Please try again.',
  successTitle: 'Login Successful',
  welcome: (firstName: string) => `Welcome back, ${firstName}!`,
  autoCorrectedTitle: 'Account Type Auto-Corrected',
  pendingPayment: 'Your account is waiting for its first subscription payment. Complete payment to sign in.',
  suspended: 'This account is suspended. Please contact support.',
  throttled: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (max = 500) => z._default(z.optional(z.string().check(z.trim(), z.maxLength(max))), '');
const requiredText = (message: string, max = 500) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max));
const name = (message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.refine((v) => v.length === 0 || v.length >= NAME_MIN, SIGNUP_MESSAGES.nameLength),
    z.maxLength(NAME_MAX, SIGNUP_MESSAGES.nameLength),
  );
const email = (required: string) =>
  z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, required),
    z.refine((v) => v === '' || EMAIL.test(v), SIGNUP_MESSAGES.invalidEmail),
    z.maxLength(254),
  );
const phone = (required: string) =>
  z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, required),
    z.refine((v) => v === '' || isGhanaPhone(v), SIGNUP_MESSAGES.invalidPhone),
    z.maxLength(PHONE_MAX + 4, SIGNUP_MESSAGES.invalidPhone), // room for the spaces people type
  );
const password = (required: string) =>
  z.string({ error: required }).check(
    z.minLength(1, required),
    z.refine((v) => v === '' || v.length >= PASSWORD_MIN, SIGNUP_MESSAGES.shortPassword),
    z.maxLength(200),
  );
/** Empty, or one of the listed values. */
const oneOf = (values: readonly string[], message: string) =>
  z._default(z.optional(z.string().check(z.trim(), z.refine((v) => v === '' || values.includes(v), message))), '');
const money = z._default(z.optional(z.number().check(z.minimum(0), z.maximum(100_000))), 0);

/**
 * Customer/professional sign-up (spec 000 §7 "Create account" body, plus the optional
 * `referrerCode` from /signup?ref=CODE). The spec checks required fields first, then each pattern,
 * in this order; `firstProblem` picks the message the wizard shows.
 */
export const signupSchema = z
  .object({
    firstName: name(SIGNUP_MESSAGES.required),
    lastName: name(SIGNUP_MESSAGES.required),
    email: email(SIGNUP_MESSAGES.required),
    password: password(SIGNUP_MESSAGES.required),
    confirmPassword: z._default(z.optional(z.string()), ''),
    phone: phone(SIGNUP_MESSAGES.required),
    userType: z.enum(['customer', 'professional'], SIGNUP_MESSAGES.noPlan),
    location: oneOf(CITY_NAMES, 'Please choose your city from the list'),
    localAddress: text(300),
    profession: oneOf(CATEGORY_NAMES, SIGNUP_MESSAGES.noProfession),
    description: text(2000),
    profilePicture: z._default(
      z.optional(z.string().check(z.trim(), z.maxLength(255), z.refine((v) => v === '' || /\.(png|jpe?g)$/i.test(v), 'Profile picture must be a PNG or JPG file'))),
      '',
    ),
    baseRate: money,
    maxRate: money,
    rateNegotiable: z._default(z.optional(z.boolean()), false),
    referrerCode: z.optional(z.string().check(z.trim(), z.maxLength(32))),
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
  );
export type SignupInput = z.input<typeof signupSchema>;
export type Signup = z.output<typeof signupSchema>;

/** Affiliate sign-up (spec 000 §7 body and §5 rules). `agreeToTerms` must be true. */
export const affiliateSignupSchema = z
  .object({
    firstName: name(AFFILIATE_MESSAGES.required),
    lastName: name(AFFILIATE_MESSAGES.required),
    email: email(AFFILIATE_MESSAGES.required),
    phone: phone(AFFILIATE_MESSAGES.required),
    password: password(AFFILIATE_MESSAGES.required),
    location: requiredText(AFFILIATE_MESSAGES.required, 100),
    payoutMethod: z.enum(['mobile-money', 'bank-account'], AFFILIATE_MESSAGES.noPayoutMethod),
    bankAccount: text(300),
    momoNumber: text(20),
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

/** Sign-in (spec 000 §7 "Login"): only the identifier matching loginMethod is read. */
export const loginSchema = z
  .object({
    loginMethod: z._default(z.optional(z.enum(['email', 'phone'])), 'email'),
    email: z.optional(z.string().check(z.trim(), z.maxLength(254))),
    phone: z.optional(z.string().check(z.trim(), z.maxLength(PHONE_MAX + 4))),
    password: z.string({ error: LOGIN_MESSAGES.required }).check(z.minLength(1, LOGIN_MESSAGES.required), z.maxLength(200)),
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
  .check(z.refine((s) => !!s.email || !!s.phone, { message: 'Please enter your email or phone number.', path: ['email'] }));

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'This reset link is incomplete.' }).check(z.minLength(20, 'This reset link is incomplete.'), z.maxLength(200)),
  password: password('Please enter a new password.'),
});

export const FORGOT_PASSWORD_ANSWER =
  'If an account matches, we have sent a link to reset its password. The link works once, within 1 hour.';

/** The user record the browser keeps (spec 000 §3 "Signed-in user"). */
export interface SessionUser {
  id: number;
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  status: AccountStatus;
  location: string | null;
  createdAt: string;
}

export interface LoginResponse {
  success: true;
  message: string;
  token: string;
  user: SessionUser;
}

/** The order in which spec 000 §5 checks the sign-up form. */
export const SIGNUP_CHECK_ORDER: readonly string[] = [
  SIGNUP_MESSAGES.required,
  SIGNUP_MESSAGES.nameLength,
  SIGNUP_MESSAGES.invalidEmail,
  SIGNUP_MESSAGES.shortPassword,
  SIGNUP_MESSAGES.passwordMismatch,
  SIGNUP_MESSAGES.invalidPhone,
  SIGNUP_MESSAGES.noPlan,
  SIGNUP_MESSAGES.noProfession,
  SIGNUP_MESSAGES.noLocalAddress,
];

/** The order of spec 000 §5's affiliate checks. */
export const AFFILIATE_CHECK_ORDER: readonly string[] = [
  AFFILIATE_MESSAGES.required,
  SIGNUP_MESSAGES.nameLength,
  AFFILIATE_MESSAGES.invalidEmail,
  AFFILIATE_MESSAGES.shortPassword,
  AFFILIATE_MESSAGES.invalidPhone,
  AFFILIATE_MESSAGES.noPayoutMethod,
  AFFILIATE_MESSAGES.noMomoNumber,
  AFFILIATE_MESSAGES.noBankAccount,
  AFFILIATE_MESSAGES.terms,
];

/** The one message to show for a failed parse: the earliest in the spec's order of checks. */
export function firstProblem(
  issues: readonly { message: string }[],
  order: readonly string[] = SIGNUP_CHECK_ORDER,
): string | undefined {
  const rank = (message: string) => {
    const i = order.indexOf(message);
    return i === -1 ? order.length : i;
  };
  return [...issues].sort((a, b) => rank(a.message) - rank(b.message))[0]?.message;
}
