import * as z from 'zod/mini';
import { looksLikeEmail, nameField, phoneField } from './accounts.ts';
import { lengthFirst } from './bounded.ts';
import { CATEGORY_NAMES } from './categories.ts';
import { CITY_NAMES } from './cities.ts';
import { MOMO_NETWORKS, momoOtpSchema, type MomoNetworkCode, type MomoStatus } from './momo.ts';
import { monthsField } from './payments.ts';
import { json, route } from './route.ts';

/**
 * An affiliate signs up a professional from the dashboard (docs/PRODUCT.md "Signed up by an
 * affiliate"): the professional's details and phone; a code texted to that phone, read out by its
 * holder and typed back by the affiliate, proves the number and the holder's consent; then the
 * first payment's mobile-money prompt rings that phone. The account is listed once it is paid.
 */

/** How long a code lasts and how many wrong tries it takes. */
export const AFFILIATE_SIGNUP_CODE_TTL_MINUTES = 10;
export const AFFILIATE_SIGNUP_CODE_TRIES = 5;
/** Codes one number gets a day, whichever affiliates ask (each is a paid text to someone's phone). */
export const AFFILIATE_SIGNUP_TEXTS_PER_NUMBER_DAY = 3;
/** Codes one affiliate may have texted in an hour and in a day. */
export const AFFILIATE_SIGNUP_TEXTS_PER_AFFILIATE_HOUR = 10;
export const AFFILIATE_SIGNUP_TEXTS_PER_AFFILIATE_DAY = 30;

const NETWORK_CODES = Object.keys(MOMO_NETWORKS) as [MomoNetworkCode, ...MomoNetworkCode[]];

export const AFFILIATE_SIGNUP_MESSAGES = {
  required: 'Please fill in this field.',
  noProfession: 'Please choose their profession.',
  noCity: 'Please choose their city from the list.',
  noAddress: 'Please type the area they work in.',
  invalidEmail: 'Please enter a valid email address, or leave it empty.',
  noNetwork: 'Please choose the mobile-money network of their phone.',
  terms: 'Please tick the box once they have agreed to the Terms of Service and Privacy Policy.',
  badCode: 'Type the 6-digit code from their text message.',
  wrongCode: 'That code is not right. Ask them to read the text message again.',
  gone: `This code has expired or was typed wrong ${AFFILIATE_SIGNUP_CODE_TRIES} times. Start the sign-up again to send a new code.`,
  notAffiliate: 'Only affiliate accounts can sign up professionals.',
  suspended: 'Your affiliate account is suspended, so you cannot sign up professionals. Please contact support.',
  notFound: 'No such sign-up on your account.',
  notProved: 'Type the code from their text message first.',
  alreadyPaid: 'This professional has paid and is listed: there is nothing left to pay.',
  numberDay: `This number was sent ${AFFILIATE_SIGNUP_TEXTS_PER_NUMBER_DAY} sign-up codes today. Use the code they already have, or try again tomorrow.`,
  affiliateHour: `You had ${AFFILIATE_SIGNUP_TEXTS_PER_AFFILIATE_HOUR} sign-up codes texted in the last hour. Please wait a while before the next one.`,
  affiliateDay: `You had ${AFFILIATE_SIGNUP_TEXTS_PER_AFFILIATE_DAY} sign-up codes texted today. Please try again tomorrow.`,
  inTotal: 'Sign-up codes are paused for a while. Please try again in an hour.',
  sent: (masked: string) =>
    `We texted a code to ${masked}. Ask them to read it to you: giving it means they agree to join. It works for ${AFFILIATE_SIGNUP_CODE_TTL_MINUTES} minutes.`,
} as const;

/** One of the listed values. */
const oneOf = (values: readonly string[], message: string) =>
  z.string(message).check(
    z.trim(),
    z.maxLength(100, message),
    z.refine((v) => values.includes(v), message),
  );

/** POST /api/affiliate/signups: the professional's details, as the professional sign-up asks (docs/PRODUCT.md "Account details"), email optional. */
export const affiliateSignupStartSchema = z.object({
  firstName: nameField(AFFILIATE_SIGNUP_MESSAGES.required),
  lastName: nameField(AFFILIATE_SIGNUP_MESSAGES.required),
  phone: phoneField(AFFILIATE_SIGNUP_MESSAGES.required),
  email: z._default(
    z.optional(
      z.string().check(
        z.trim(),
        lengthFirst(254, AFFILIATE_SIGNUP_MESSAGES.invalidEmail),
        z.refine((v) => v === '' || looksLikeEmail(v), AFFILIATE_SIGNUP_MESSAGES.invalidEmail),
      ),
    ),
    '',
  ),
  profession: oneOf(CATEGORY_NAMES, AFFILIATE_SIGNUP_MESSAGES.noProfession),
  location: oneOf(CITY_NAMES, AFFILIATE_SIGNUP_MESSAGES.noCity),
  localAddress: z
    .string(AFFILIATE_SIGNUP_MESSAGES.noAddress)
    .check(z.trim(), z.maxLength(300), z.minLength(1, AFFILIATE_SIGNUP_MESSAGES.noAddress)),
  network: z.enum(NETWORK_CODES, AFFILIATE_SIGNUP_MESSAGES.noNetwork),
  months: monthsField,
  // The professional's consent to the terms, which their account records (docs/PRODUCT.md "Account details").
  agreeToTerms: z.literal(true, AFFILIATE_SIGNUP_MESSAGES.terms),
});
export type AffiliateSignupStart = z.output<typeof affiliateSignupStartSchema>;
export type AffiliateSignupStartInput = z.input<typeof affiliateSignupStartSchema>;

/** The order the form checks its fields in: the first problem is the refusal's message. */
export const AFFILIATE_SIGNUP_CHECK_ORDER = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'profession',
  'location',
  'localAddress',
  'network',
  'months',
  'agreeToTerms',
] as const;

/** POST /api/affiliate/signups/:id/code: the code the professional read out. */
export const affiliateSignupCodeSchema = z.object({
  code: z.string(AFFILIATE_SIGNUP_MESSAGES.badCode).check(
    z.maxLength(20, AFFILIATE_SIGNUP_MESSAGES.badCode),
    z.overwrite((s) => s.replace(/\s/g, '')),
    z.regex(/^\d{6}$/, AFFILIATE_SIGNUP_MESSAGES.badCode),
  ),
});

/** POST /api/affiliate/signups/:id/voucher: Telecel's voucher code, read out by the professional. */
export const affiliateSignupVoucherSchema = z.object({ otp: momoOtpSchema.shape.otp });

/**
 * Where a sign-up stands: the code texted and not yet typed back; proved and paying (the prompt's
 * state alongside); or paid and listed.
 */
export type AffiliateSignupStage = 'code_sent' | 'paying' | 'listed';

export interface AffiliateSignupView {
  id: number;
  stage: AffiliateSignupStage;
  name: string;
  /** The professional's number, masked (024…567). */
  phone: string;
  /** What the affiliate does now, in words. */
  message: string;
  /** The first payment's prompt, once sent (its payment's reference, as on the receipt). */
  prompt: { status: MomoStatus; message: string; reference: string | null } | null;
  /** Once listed: what the professional does next ("Ask them to dial … to set their PIN."). */
  nextStep: string | null;
}

export interface AffiliateSignupAnswer {
  success: true;
  signup: AffiliateSignupView;
}

/** One of the affiliate's sign-ups of the last day, in their list: enough to find it and carry on. */
export type AffiliateSignupListItem = Pick<AffiliateSignupView, 'id' | 'stage' | 'name' | 'phone'>;

export interface AffiliateSignupsAnswer {
  success: true;
  signups: AffiliateSignupListItem[];
}

/** How many of the last day's sign-ups the list shows, newest first. */
export const AFFILIATE_SIGNUPS_LISTED = 20;

export const affiliateSignupsToday = route({
  method: 'GET',
  path: '/api/affiliate/signups',
  caller: 'signed-in',
  answer: json<AffiliateSignupsAnswer>(),
  summary: "The affiliate's sign-ups of the last day, newest first, to carry on with one left part-way.",
});

export const startAffiliateSignup = route({
  method: 'POST',
  path: '/api/affiliate/signups',
  caller: 'signed-in',
  body: affiliateSignupStartSchema,
  checkOrder: AFFILIATE_SIGNUP_CHECK_ORDER,
  answer: json<AffiliateSignupAnswer>(),
  status: 201,
  summary: "An affiliate starts signing up a professional: a code is texted to the professional's phone.",
});

export const proveAffiliateSignup = route({
  method: 'POST',
  path: '/api/affiliate/signups/:id/code',
  caller: 'signed-in',
  body: affiliateSignupCodeSchema,
  answer: json<AffiliateSignupAnswer>(),
  summary: 'The code the professional read out: makes the account and rings their phone for the first payment.',
});

export const affiliateSignupStatus = route({
  method: 'GET',
  path: '/api/affiliate/signups/:id',
  caller: 'signed-in',
  answer: json<AffiliateSignupAnswer>(),
  summary: "Where one of the affiliate's sign-ups stands (the payment prompt is checked).",
});

export const promptAffiliateSignupAgain = route({
  method: 'POST',
  path: '/api/affiliate/signups/:id/prompt',
  caller: 'signed-in',
  answer: json<AffiliateSignupAnswer>(),
  summary: "Rings the professional's phone again for the first payment (after a prompt failed or expired).",
});

export const affiliateSignupVoucher = route({
  method: 'POST',
  path: '/api/affiliate/signups/:id/voucher',
  caller: 'signed-in',
  body: affiliateSignupVoucherSchema,
  answer: json<AffiliateSignupAnswer>(),
  summary: "Telecel's voucher code for the first payment's prompt, read out by the professional.",
});
