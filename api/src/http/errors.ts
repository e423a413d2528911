import type { ErrorCode, FieldError } from '../../../contract/errors.ts';

/**
 * Typed HTTP errors: the error middleware turns them into `{ success: false, code, message }`
 * (contract/errors.ts `ErrorAnswer`). The code is required: the browser decides by it, never by
 * the sentence (ARCHITECTURE.md "Errors as JSON").
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;
  /** Further fields for the JSON answer, e.g. the payment a sign-in still waits for. */
  readonly extra?: Record<string, unknown>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: {
      errors?: FieldError[];
      headers?: Record<string, string>;
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = options.errors;
    this.headers = options.headers;
    this.extra = options.extra;
  }
}

// The common refusals, each with the code its status usually means; a refusal that means more
// (a taken slot, an expired booking) passes its own.
export const badRequest = (message: string, errors?: FieldError[]) =>
  new HttpError(400, 'invalid_input', message, { errors });
export const unauthorized = (message = 'Please sign in to continue.', code: ErrorCode = 'not_signed_in') =>
  new HttpError(401, code, message);
export const forbidden = (message = 'You do not have access to this.') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, code: ErrorCode = 'conflict') => new HttpError(409, code, message);
