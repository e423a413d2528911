import { type ErrorCode, FAULT_CODES, isErrorCode } from '../../../contract/errors.ts';

/**
 * The one place that decides what a failed call was by its code (contract/errors.ts), never by its
 * status or its words: in the browser (lib/api.ts's ApiError) and in the server's render of a page
 * (the API's HttpError), both of which carry `code`. The status is read only for an answer that
 * carries no code at all (a proxy's error page, a body that is not JSON).
 */

interface Coded {
  code?: unknown;
  status?: unknown;
}

/** The code a refusal carries, or undefined (not a refusal, or an answer without a known code). */
export function refusalCode(error: unknown): ErrorCode | undefined {
  const code = typeof error === 'object' && error !== null ? (error as Coded).code : undefined;
  return isErrorCode(code) ? code : undefined;
}

const statusOf = (error: unknown): number | undefined => {
  const status = typeof error === 'object' && error !== null ? (error as Coded).status : undefined;
  return typeof status === 'number' ? status : undefined;
};

/**
 * The server refused the request itself (a broken rule, not allowed, too many tries…) rather than
 * failing to handle it (FAULT_CODES): its message speaks to the person, and asking again unchanged
 * will not help. An answer without a code is a refusal when its status is a 4xx.
 */
export function isRefusal(error: unknown): error is Error & { code?: ErrorCode; status: number } {
  const code = refusalCode(error);
  if (code !== undefined) return !FAULT_CODES.includes(code);
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}

/**
 * The session behind the token has ended (expired, signed out elsewhere, or never was): the
 * person must sign in again. A wrong password is a 401 too, with another code.
 */
export const isSignedOut = (error: unknown): boolean => {
  const code = refusalCode(error);
  return code === 'signed_out' || code === 'not_signed_in';
};

/** The server answered success with a body that could not be read (no code: nothing was refused). */
export function isUnreadableAnswer(error: unknown): boolean {
  const status = statusOf(error);
  return refusalCode(error) === undefined && status !== undefined && status < 300;
}
