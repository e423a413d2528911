import { isErrorCode } from '../../../contract/errors.ts';
import type { ErrorCode } from '../../../contract/errors.ts';

/**
 * Error-screen classification (docs/PRODUCT.md "Plain words").
 * An API refusal is classified by its code (contract/errors.ts); anything else (a failed fetch, a
 * map provider's error, an answer with no code) by its name, message and HTTP status, in this order.
 */
export type ErrorKind = 'network' | 'location' | 'auth' | 'server' | 'unknown';

export interface ErrorClassification {
  kind: ErrorKind;
  message: string;
}

export const ERROR_SCREEN_MESSAGES: Record<ErrorKind, string> = {
  network: 'Please check your internet connection and try again.',
  location: 'Location services are temporarily unavailable. Using default location.',
  auth: 'Please log in again to continue.',
  server: 'Service temporarily unavailable. Please try again in a moment.',
  unknown: 'Something went wrong. Please try again.',
};

// "load failed" is Safari's wording for a failed fetch (Chrome says "Failed to fetch", Firefox
// "NetworkError when attempting to fetch resource"); the first four words are the usual list.
const NETWORK = /failed to fetch|network|timeout|timed out|abort|load failed/;
const LOCATION = /billing|key|request_denied/;
const AUTH = /\b401\b|unauthori[sz]ed|forbidden/;
const SERVER = /\b(500|502|503|504)\b/;

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number') return status;
  }
  return undefined;
}

function textOf(error: unknown): string {
  if (error instanceof Error) return `${error.name} ${error.message}`.toLowerCase();
  if (typeof error === 'string') return error.toLowerCase();
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return String((error as { message: unknown }).message).toLowerCase();
  }
  return '';
}

/** The codes that pick a screen of their own; every other code is the generic one. */
const KIND_OF_CODE: Partial<Record<ErrorCode, ErrorKind>> = {
  not_signed_in: 'auth',
  signed_out: 'auth',
  forbidden: 'auth',
  busy: 'server',
  unavailable: 'server',
  provider_unavailable: 'server',
  server_error: 'server',
};

function codeOf(error: unknown): ErrorCode | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (isErrorCode(code)) return code;
  }
  return undefined;
}

export function classifyError(error: unknown): ErrorClassification {
  const code = codeOf(error);
  if (code !== undefined) {
    const kind = KIND_OF_CODE[code] ?? 'unknown';
    return { kind, message: ERROR_SCREEN_MESSAGES[kind] };
  }
  const text = textOf(error);
  const status = statusOf(error);
  let kind: ErrorKind = 'unknown';
  if (NETWORK.test(text)) kind = 'network';
  else if (LOCATION.test(text)) kind = 'location';
  else if (status === 401 || status === 403 || AUTH.test(text)) kind = 'auth';
  else if ((status !== undefined && [500, 502, 503, 504].includes(status)) || SERVER.test(text)) kind = 'server';
  return { kind, message: ERROR_SCREEN_MESSAGES[kind] };
}
