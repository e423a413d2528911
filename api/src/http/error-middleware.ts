import type { Middleware } from 'koa';
import { BOOKING_MESSAGES } from '../../../contract/bookings.ts';
import type { ErrorAnswer, ErrorCode } from '../../../contract/errors.ts';
import { REPORT_MESSAGES } from '../../../contract/reports.ts';
import type { Logger } from '../logger.ts';
import { HttpError } from './errors.ts';
import { loggedPath } from './logged-path.ts';

/** Names of unique constraints, so a 409 can say what is taken (ARCHITECTURE.md "Errors as JSON"). */
const UNIQUE_MESSAGES: Record<string, string> = {
  users_email_lower_unique: 'An account with this email already exists.',
  users_phone_unique: 'An account with this phone number already exists.',
  bookings_open_slot_unique: BOOKING_MESSAGES.slotTaken,
  reviews_booking_id_unique: 'You have already reviewed this booking.',
  favourites_pkey: 'This professional is already in your favourites.',
  problem_reports_one_open: REPORT_MESSAGES.alreadyOpen,
};

interface DbError {
  code?: string;
  constraint?: string;
}

/**
 * The database cannot be reached: refused or dropped connections, PostgreSQL shutting down or
 * starting (57P01–57P03), connection-class SQLSTATEs (08xxx), too many clients, a pool that cannot
 * hand out a connection in time, a closed embedded database. These answer 503, not 500: the request
 * was fine, and the same request will work when the database is back (the pool reconnects).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Unable to acquire a connection|Client has encountered a connection error|Connection ended unexpectedly|PGlite is closed|Knex: Timeout acquiring a connection/i;

export const DATABASE_UNAVAILABLE =
  'The service is temporarily unavailable: the database cannot be reached. Please try again in a moment.';

export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; syscall?: unknown; name?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (code === 'ENOENT' && e.syscall === 'connect') return true; // the Unix socket is gone while the server is down
  if (e.name === 'KnexTimeoutError') return true;
  return typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message);
}

interface BodyParserError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

interface Described {
  status: number;
  code: ErrorCode;
  message: string;
  errors?: HttpError['errors'];
  headers?: Record<string, string>;
  extra?: Record<string, unknown>;
}

function describe(err: unknown): Described {
  if (err instanceof HttpError) {
    const { status, code, message, errors, headers, extra } = err;
    return { status, code, message, errors, headers, extra };
  }
  if (isDatabaseUnavailable(err))
    return { status: 503, code: 'unavailable', message: DATABASE_UNAVAILABLE, headers: { 'Retry-After': '5' } };
  const dbError = err as DbError;
  if (dbError?.code === '23505') {
    const constraint = dbError.constraint ?? '';
    return {
      status: 409,
      code: constraint === 'bookings_open_slot_unique' ? 'slot_taken' : 'already_exists',
      message: UNIQUE_MESSAGES[constraint] ?? 'This record already exists.',
    };
  }
  const parserError = err as BodyParserError;
  const status = parserError?.status ?? parserError?.statusCode;
  if (parserError?.type === 'entity.too.large' || status === 413) {
    return { status: 413, code: 'too_large', message: 'The request body is too large (limit 1 MB).' };
  }
  if (parserError?.type === 'entity.parse.failed' || (status === 400 && err instanceof SyntaxError)) {
    return { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' };
  }
  if (status === 415)
    return {
      status: 415,
      code: 'unsupported_type',
      message: 'Send the request body as JSON (Content-Type: application/json).',
    };
  if (typeof status === 'number' && status >= 400 && status < 500 && parserError.expose) {
    return { status, code: CODE_OF_STATUS[status] ?? 'invalid_input', message: (err as Error).message };
  }
  return {
    status: 500,
    code: 'server_error',
    message: 'Something went wrong on our side. Please try again in a moment.',
  };
}

/** The code of a refusal Koa or a library threw with a status alone (`ctx.throw(403, …)`). */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_input',
  401: 'not_signed_in',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'too_large',
  415: 'unsupported_type',
  429: 'rate_limited',
};

/** Every error answers JSON `{ success: false, code, message }` (`ErrorAnswer`); never a stack trace or SQL. */
export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const { status, code, message, errors, headers, extra } = describe(err);
      if (status === 503 && !(err instanceof HttpError))
        logger.warn(
          { err: String(err), requestId: ctx.state.requestId, path: loggedPath(ctx.path) },
          'database unavailable',
        );
      else if (status >= 500)
        logger.error({ err, requestId: ctx.state.requestId, path: loggedPath(ctx.path) }, 'request failed');
      ctx.status = status;
      if (headers) ctx.set(headers);
      const answer: ErrorAnswer = { success: false, code, message, ...(errors && { errors }) };
      ctx.body = { ...answer, ...extra };
    }
  };
}
