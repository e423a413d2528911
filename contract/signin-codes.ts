import * as z from 'zod/mini';
import { MINUTE_MS } from './dates.ts';
import { isGhanaPhone } from './phone.ts';
import type { LoginResponse } from './account-types.ts';
import { json, route } from './route.ts';

/**
 * Sign-in with a code texted to the account's phone (docs/PRODUCT.md "Signing in with a texted
 * code"): the person types the number they pay with by mobile money, gets a 6-digit code by SMS,
 * and types it back on the same page. Receiving the code is the proof of the number.
 */

/** How long a code lasts and how many wrong tries it takes before it stops working. */
export const SIGNIN_CODE_TTL_MINUTES = 10;
export const SIGNIN_CODE_TTL_MS = SIGNIN_CODE_TTL_MINUTES * MINUTE_MS;
export const SIGNIN_CODE_TRIES = 5;
/** Texts one number gets in an hour and in a day, whoever asks (each text is paid for). */
export const SIGNIN_TEXTS_PER_NUMBER_HOUR = 3;
export const SIGNIN_TEXTS_PER_NUMBER_DAY = 10;
/**
 * How many later requests may share a code already texted to the number once its texts are used
 * up (each with its own tries): the person holding the phone signs in with the text they have.
 */
export const SIGNIN_CODE_SHARES = 5;

export const SIGNIN_CODE_MESSAGES = {
  badPhone: 'Type the phone number of your account, like 0241234567.',
  badCode: 'Type the 6-digit code from the text message.',
  /** The same words whether or not an account has the number (no account probing). */
  sent: `If an account has this number, we have texted it a 6-digit code. It works for ${SIGNIN_CODE_TTL_MINUTES} minutes. No text? Wait a minute and ask again.`,
  wrongCode: 'That code is not right. Check the text message and type it again.',
  gone: `This code has expired or was typed wrong ${SIGNIN_CODE_TRIES} times. Ask for a new code.`,
  noRequest: 'Ask for a code first.',
} as const;

/** The code as typed: spaces people put in are dropped; six digits, bounded before the pattern. */
const sixDigits = z.string(SIGNIN_CODE_MESSAGES.badCode).check(
  z.maxLength(20, SIGNIN_CODE_MESSAGES.badCode),
  z.overwrite((s) => s.replace(/\s/g, '')),
  z.regex(/^\d{6}$/, SIGNIN_CODE_MESSAGES.badCode),
);

/** POST /api/auth/code: text a sign-in code to the account that has this number. */
export const signInCodeRequestSchema = z.object({
  phone: z
    .string(SIGNIN_CODE_MESSAGES.badPhone)
    .check(z.maxLength(20, SIGNIN_CODE_MESSAGES.badPhone), z.refine(isGhanaPhone, SIGNIN_CODE_MESSAGES.badPhone)),
});
export type SignInCodeRequest = z.infer<typeof signInCodeRequestSchema>;

/** POST /api/auth/code/sign-in: the request this page made (`requestId`) and the code the text brought. */
export const signInWithCodeSchema = z.object({
  requestId: z
    .string(SIGNIN_CODE_MESSAGES.noRequest)
    .check(z.minLength(20, SIGNIN_CODE_MESSAGES.noRequest), z.maxLength(100, SIGNIN_CODE_MESSAGES.noRequest)),
  code: sixDigits,
});
export type SignInWithCode = z.infer<typeof signInWithCodeSchema>;

/**
 * The answer to a code request, the same whether or not an account has the number. `requestId`
 * ties the code to this page: a code is typed back with it, so guesses from elsewhere never use
 * up its tries.
 */
export interface SignInCodeAnswer {
  success: true;
  message: string;
  requestId: string;
  /** True where diagnostics are on (never a live site): texts are kept for /dev-mailbox. */
  devMailbox: boolean;
}

export const requestSignInCode = route({
  method: 'POST',
  path: '/api/auth/code',
  body: signInCodeRequestSchema,
  caller: 'anyone',
  answer: json<SignInCodeAnswer>(),
  summary: "Texts a sign-in code to the account that has this number (the same answer if none has).",
});

export const signInWithCode = route({
  method: 'POST',
  path: '/api/auth/code/sign-in',
  body: signInWithCodeSchema,
  caller: 'anyone',
  answer: json<LoginResponse>(),
  summary: 'Signs in with the code the text brought.',
});
