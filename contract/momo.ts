import * as z from 'zod/mini';
import { isGhanaPhone } from './phone.ts';
import { monthsField } from './payments.ts';
import { MINUTE_MS } from './dates.ts';
import type { OkAnswer } from './api.ts';
import { json, route } from './route.ts';

/**
 * Renewal by a mobile-money prompt sent to the phone (issue #20, docs/PRODUCT.md "Mobile money in
 * one tap"): the server starts the charge, the payer approves it on the phone, and the page asks
 * how it stands until it is paid, failed or expired.
 */

/** Paystack's codes for Ghana's mobile-money networks, with the names people know them by. */
export const MOMO_NETWORKS = { mtn: 'MTN MoMo', vod: 'Telecel Cash', atl: 'AirtelTigo Money' } as const;
export type MomoNetworkCode = keyof typeof MOMO_NETWORKS;
const NETWORK_CODES = Object.keys(MOMO_NETWORKS) as [MomoNetworkCode, ...MomoNetworkCode[]];

/**
 * The network a number was first given by (reference/ghana.md). Numbers move between networks, so
 * this is only a first guess the payer sees and can change, never what a prompt is sent to unasked.
 */
export function networkByPrefix(phone: string): MomoNetworkCode | null {
  const prefix = phone.replace(/^\+233/, '0').slice(0, 3);
  if (['024', '025', '053', '054', '055', '059'].includes(prefix)) return 'mtn';
  if (['020', '050'].includes(prefix)) return 'vod';
  if (['026', '027', '056', '057'].includes(prefix)) return 'atl';
  return null;
}

/** How long a payer has to approve a prompt on the phone (Paystack: about 180 s). */
export const MOMO_PROMPT_TTL_MS = 3 * MINUTE_MS;
/** How often a page asks how a prompt stands while it is open. */
export const MOMO_POLL_MS = 4_000;

export const MOMO_MESSAGES = {
  badPhone: 'Type a Ghana mobile-money number, like 0241234567.',
  noNetwork: 'Choose your mobile-money network: MTN, Telecel or AirtelTigo.',
  badOtp: 'Type the voucher code from your phone: 4 to 8 digits.',
  notAwaitingOtp: 'This prompt is not waiting for a voucher code. Send the prompt again if you need to.',
  noSuchPrompt: 'There is no such mobile-money prompt on your account.',
  affiliate: 'Affiliate accounts have no subscription to renew.',
  unprovenNumber:
    "Prompts go to your account's own number. To use another, we first text that number a code: type it here once its owner agrees to pay.",
  badCode: 'Type the 6-digit code from the SMS.',
  wrongCode: 'That code is not right. Check the SMS and type it again.',
  codeGone: 'This code has expired or was tried too many times. Send a new code.',
} as const;

/** A Ghana number however typed (0…, +233…), bounded before the pattern runs. */
const ghanaPhone = z
  .string(MOMO_MESSAGES.badPhone)
  .check(z.maxLength(20, MOMO_MESSAGES.badPhone), z.refine(isGhanaPhone, MOMO_MESSAGES.badPhone));

export const momoPromptSchema = z.object({
  /** Defaults to the account's own number; another must be proved first (momoNumberSchema). */
  phone: z.optional(ghanaPhone),
  /** Defaults to the network named last time. */
  provider: z.optional(z.enum(NETWORK_CODES, MOMO_MESSAGES.noNetwork)),
  months: monthsField,
});
export type MomoPromptRequest = z.infer<typeof momoPromptSchema>;

/** How long the SMS code that proves a number lasts, how many tries it gets, and how long a proof holds. */
export const NUMBER_CODE_TTL_MS = 10 * MINUTE_MS;
export const NUMBER_CODE_TRIES = 5;
export const NUMBER_PROOF_DAYS = 90;
/**
 * Codes a number gets a day across the accounts that never proved it, and an account asks for a
 * day (each is a paid text). An account that proved the number before has the number's allowance
 * there to itself (docs/PRODUCT.md "Mobile money in one tap").
 */
export const NUMBER_CODES_PER_DAY = 5;
export const ACCOUNT_CODES_PER_DAY = 10;
export const NUMBER_CODE_LIMIT_MESSAGES = {
  numberToday: `This number got ${NUMBER_CODES_PER_DAY} codes today. Please try again tomorrow, or pay from your own number.`,
  accountToday: `You asked for ${ACCOUNT_CODES_PER_DAY} codes today. Please try again tomorrow, or pay from your own number.`,
} as const;

/** POST /api/subscription/momo/numbers: text a code to a number that is not the account's own. */
export const momoNumberSchema = z.object({ phone: ghanaPhone });
/** POST /api/subscription/momo/numbers/confirm: the code its owner read out. */
export const momoNumberConfirmSchema = z.object({
  phone: ghanaPhone,
  code: z
    .string(MOMO_MESSAGES.badCode)
    .check(z.maxLength(6, MOMO_MESSAGES.badCode), z.regex(/^\d{6}$/, MOMO_MESSAGES.badCode)),
});
/** `proven`: prompts may go to the number now; otherwise a code is on its way to it. */
export interface MomoNumberResponse {
  success: true;
  proven: boolean;
  message: string;
}

export const momoOtpSchema = z.object({
  reference: z.string().check(z.maxLength(64), z.regex(/^[A-Z0-9]+$/, MOMO_MESSAGES.noSuchPrompt)),
  otp: z.string().check(z.maxLength(8, MOMO_MESSAGES.badOtp), z.regex(/^\d{4,8}$/, MOMO_MESSAGES.badOtp)),
});

/** The TEST MODE phone's answer to a prompt (POST /api/sandbox/momo/{reference}). */
export const sandboxPhoneSchema = z.object({
  approve: z.boolean('Say whether the test phone approves (true) or declines (false).'),
});

/**
 * Where a prompt stands: `pay_offline` (approve it on the phone), `send_otp` (type Telecel's
 * voucher code), `pending` (the network has not answered yet), `success` (paid: `paidUntil`) or
 * `failed` (with the reason, in plain words; it can be sent again).
 */
export type MomoStatus = 'pay_offline' | 'send_otp' | 'pending' | 'success' | 'failed';
export interface MomoPromptResponse {
  success: boolean;
  status: MomoStatus;
  message: string;
  reference: string | null;
  /** When paid: the new end of the paid period (ISO). */
  paidUntil?: string;
}

/** 0551234987 → "055…987": enough for the payer to know the phone, not enough for anyone else. */
export const maskPhone = (e164OrLocal: string): string => {
  const local = e164OrLocal.replace(/^\+233/, '0');
  return `${local.slice(0, 3)}…${local.slice(-3)}`;
};

/** Each prompt rings a phone: limited per account and per number, counted only when one is sent. */
export const sendMomoPrompt = route({
  method: 'POST',
  path: '/api/subscription/momo',
  body: momoPromptSchema,
  caller: 'signed-in',
  answer: json<MomoPromptResponse>(),
  summary: 'Sends a mobile-money prompt for a renewal to the phone.',
});

export const requestMomoNumberCode = route({
  method: 'POST',
  path: '/api/subscription/momo/numbers',
  body: momoNumberSchema,
  caller: 'signed-in',
  answer: json<MomoNumberResponse>(),
  summary: "Texts a code to a number that is not the account's own, for its owner to agree.",
});

export const confirmMomoNumber = route({
  method: 'POST',
  path: '/api/subscription/momo/numbers/confirm',
  body: momoNumberConfirmSchema,
  caller: 'signed-in',
  answer: json<MomoNumberResponse>(),
  summary: "The code the number's owner read out: prompts may go to it.",
});

export const submitMomoOtp = route({
  method: 'POST',
  path: '/api/subscription/momo/otp',
  body: momoOtpSchema,
  caller: 'signed-in',
  answer: json<MomoPromptResponse>(),
  summary: "Telecel's voucher code for a prompt waiting for one.",
});

export const momoPromptStatus = route({
  method: 'GET',
  path: '/api/subscription/momo/:reference',
  caller: 'signed-in',
  answer: json<MomoPromptResponse>(),
  summary: 'Where a prompt stands.',
});

export const answerTestPhone = route({
  method: 'POST',
  path: '/api/sandbox/momo/:reference',
  body: sandboxPhoneSchema,
  caller: 'anyone',
  answer: json<OkAnswer>(),
  summary: 'The TEST MODE phone approves or declines a mobile-money prompt (the sandbox only).',
});
