import { NO_CONNECTION_SHORT } from './connection.ts';
import { GHANA_PHONE_EXAMPLES } from './phone.ts';

/**
 * Accounts: types, constants and messages (docs/PRODUCT.md "First payment and activation", "Account details", "Plain words"), free of zod so that pages which
 * only need them (guards, dashboards) do not download the schemas. The schemas are in accounts.ts.
 */
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
  referrerFormat: 'A referrer code is letters and numbers, like SEAFF7K2Q9M. Check it, or leave the field empty.',
  referrerUnknown:
    'We could not find that referrer code. Check it with the person who shared it, or leave the field empty.',
  referrerInactive:
    'That referrer code is no longer active, so it earns no one a commission. Leave the field empty to continue.',
  terms: 'Please tick the box to agree to the Terms of Service and Privacy Policy.',
} as const;

/**
 * The versions of the terms a sign-up agrees to: the lastUpdated date of content/legal/terms.md and
 * affiliate-terms.md (a test keeps them equal). Recorded with each new account.
 */
export const TERMS_VERSION = '2026-11-29';
export const AFFILIATE_TERMS_VERSION = '2026-11-29';

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
  /** The server's answer to a wrong identifier or password: what to do next, same for both (no account probing). */
  wrongCredentials:
    'The email or phone number and password do not match. Check them and try again, or use “Forgot password?”.',
  networkTitle: 'Login Error',
  network: NO_CONNECTION_SHORT,
  successTitle: 'Login Successful',
  welcome: (firstName: string) => `Welcome back, ${firstName}!`,
  /** On the account's first visit (docs/PRODUCT.md "Welcome"). */
  firstWelcome: (firstName: string) => `Welcome, ${firstName}!`,
  autoCorrectedTitle: 'Account Type Auto-Corrected',
  pendingPayment: 'Your account is waiting for its first subscription payment. Complete payment to sign in.',
  suspended: 'This account is suspended. Please contact support.',
  throttled: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
} as const;

export const FORGOT_PASSWORD_ANSWER =
  'If an account matches, we have sent a link to reset its password. The link works once, within 1 hour.';

/** POST /api/auth/forgot-password: the same answer whether or not an account matches. */
export interface ForgotPasswordResponse {
  success: true;
  message: string;
  /** True where diagnostics are on (never a live site): messages are kept for /dev-mailbox. */
  devMailbox: boolean;
}

/** The user record the browser keeps (docs/PRODUCT.md "Signing in and sessions"). */
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
  /** No earlier sign-in session: greeted "Welcome", not "Welcome back" (docs/PRODUCT.md "Welcome"). */
  firstVisit: boolean;
}

/** The order in which the sign-up form is checked (docs/PRODUCT.md "Account details"). */
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
  SIGNUP_MESSAGES.terms,
];

/** The order in which the affiliate sign-up form is checked (docs/PRODUCT.md "Account details"). */
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

/** The one message to show for a failed parse: the earliest in the order of checks (docs/PRODUCT.md "Account details"). */
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
