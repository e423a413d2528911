/**
 * The codes a refusal carries beside its plain sentence (ARCHITECTURE.md "Errors as JSON"). The
 * sentence is for people and may be reworded; the code is for the browser, which chooses what to
 * do and say by it, so a code, once used, keeps its meaning. Each is snake_case and listed once.
 */
export const ERROR_CODES = [
  // The request itself
  'invalid_input', // a body, query or file that breaks the contract's rules (zod or the service)
  'invalid_json', // a body that is not JSON at all
  'unsupported_type', // a body or file of a type the route does not take
  'too_large', // a body over its route's limit
  'too_slow', // a body arriving slower than its route's minimum rate: try again on a better line
  'method_not_allowed',
  // Who is asking
  'not_signed_in', // no session token, or an administrator route without one
  'signed_out', // the session ended, expired or is unknown: sign in again
  'wrong_credentials', // sign-in with a wrong email or password
  'bad_signature', // a webhook whose signature does not match
  'forbidden', // signed in, but this is not yours or not for your kind of account
  'suspended', // the account is suspended (docs/PRODUCT.md "Signing in and sessions")
  'payment_required', // sign-in to an account whose first payment was never made
  'not_paid', // the subscription has ended: renew to go on
  'number_unproven', // a Mobile Money number not yet proven with a code
  // What is asked for
  'not_found',
  'gone', // it was there once: an expired link, code or push subscription
  'conflict', // the thing is not in a state that allows this
  'already_exists', // a unique value (email, phone, review, favourite) is taken
  'slot_taken', // the professional's time slot is booked by someone else
  'booking_expired', // the booking expired unanswered
  // Load and the outside world
  'rate_limited', // too many tries: wait for Retry-After
  'busy', // the server is at capacity for this kind of work: try again soon
  'payment_failed', // the payment or transfer provider refused
  'provider_unavailable', // a payment or push provider cannot be reached
  'unavailable', // the database or a part of the service is down: try again soon
  'server_error', // a fault on our side
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The codes of a fault on our side or beyond it (a 5xx): nothing was wrong with the request, and it
 * may work when tried again. Every other code refuses the request itself, and its sentence says why.
 */
export const FAULT_CODES: readonly ErrorCode[] = ['busy', 'provider_unavailable', 'unavailable', 'server_error'];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether `value` is one of the listed codes (a body from an older or newer server may not be). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}

/** A field the answer names as wrong, with what is wrong with it. */
export interface FieldError {
  field: string;
  message: string;
}

/** The envelope every API refusal answers with (ARCHITECTURE.md "Errors as JSON"). */
export interface ErrorAnswer {
  success: false;
  code: ErrorCode;
  message: string;
  errors?: FieldError[];
}
