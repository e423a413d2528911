/**
 * The browser's API client (ARCHITECTURE.md "Browser").
 * - apiFetch: one JSON call with a time-out; typed errors (ApiError, NetworkError, TimeoutError).
 * - shouldRetry / retryDelay / withRetry: these data-query defaults (docs/PRODUCT.md "Plain words").
 * - dashboardLoadErrorMessage: the dashboard data-load messages (docs/PRODUCT.md "Plain words").
 */
import { type ErrorAnswer, type ErrorCode, isErrorCode } from '../../../contract/errors.ts';
import { routePath } from '../../../contract/api.ts';
import { affiliateRecord, customerRecord, professionalRecord } from '../../../contract/user-data.ts';
import { NO_CONNECTION } from '../../../contract/connection.ts';
import { browserOffline, noteAnswered, noteNoAnswer } from '../stores/connection.ts';
import { MINUTE_MS } from '../../../contract/dates.ts';

/** The server answered with a non-2xx status (or an unreadable body). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  /** The parsed JSON body, or null when there was none. */
  readonly body: unknown;
  /**
   * What kind of refusal this is (contract/errors.ts): decide by it, never by the message's words.
   * Undefined when the answer carried no known code (a proxy's page, an unreadable body).
   */
  readonly code: ErrorCode | undefined;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.status = status;
    this.body = body;
    const code = (body as Partial<ErrorAnswer> | null)?.code;
    this.code = isErrorCode(code) ? code : undefined;
  }
  /** Field errors from the `{success:false, message, errors}` envelope, if any. */
  get fieldErrors(): NonNullable<ErrorAnswer['errors']> {
    const errors = (this.body as Partial<ErrorAnswer> | null)?.errors;
    return Array.isArray(errors) ? errors : [];
  }
}

// What a refusal is, is decided by its code in one place (lib/refusals.ts).
export { isSignedOut } from './refusals.ts';
import { isRefusal as refused } from './refusals.ts';

/** An API answer that refused the request (lib/refusals.ts decides by its code). */
export const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && refused(error);

/**
 * What people read when a call fails for a reason that is not theirs:
 * what happened and what to do, never "Failed to fetch", a status code alone, or a timestamp.
 */
export const CONNECTION_MESSAGES = {
  offline: NO_CONNECTION,
  slow: 'The connection is too slow: ServiceConnect did not answer in time. Please try again.',
  serverFault: 'Something went wrong on our side. Nothing was changed; please try again in a moment.',
  refused: 'That did not work. Please check what you entered and try again.',
} as const;

/** The server could not be reached (offline, DNS, connection reset). */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(message: string = CONNECTION_MESSAGES.offline, options?: ErrorOptions) {
    super(message, options);
  }
}

/** The request took longer than its time-out, or the caller aborted it. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
  constructor(message: string = CONNECTION_MESSAGES.slow, options?: ErrorOptions) {
    super(message, options);
  }
}

/**
 * Logs an error the page did not expect (a bug) to the console. A refusal, a lost connection or a
 * time-out is an answer the page tells the person in words: not the page's error, so not logged
 * (the browser suite fails a test on any console error: e2e/fixtures/test.ts).
 */
export function logUnexpected(what: string, error: unknown): void {
  if (error instanceof ApiError || error instanceof NetworkError || error instanceof TimeoutError) return;
  console.error(what, error);
}

export const DEFAULT_TIMEOUT_MS = 10_000; // spec: data fetch time-out 10 s
const UNREADABLE = 'Server response error. Please try again in a moment.';

export interface ApiFetchOptions {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is instead, with its own type as Content-Type (an upload); the answer is still JSON. */
  file?: Blob;
  /** Further request headers (e.g. an upload's file name). */
  headers?: Record<string, string>;
  token?: string | null;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The server's `message` from a JSON body, if it sent one. */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { body, file, token, timeoutMs = DEFAULT_TIMEOUT_MS, signal } = options;
  const method = options.method ?? (body === undefined && file === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (file !== undefined) headers['Content-Type'] = file.type || 'application/octet-stream';
  if (token) headers.Authorization = `Bearer ${token}`;

  const { response, body: text } = await send(
    path,
    { method, headers, body: file ?? (body === undefined ? undefined : JSON.stringify(body)) },
    timeoutMs,
    signal,
    (r) => r.text(),
  );
  let data: unknown = null;
  let readable = true;
  if (text !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      readable = false;
    }
  }
  if (!response.ok) throw refusal(response, data);
  if (!readable) throw new ApiError(response.status, UNREADABLE, null);
  return data as T;
}

/**
 * fetch with a time-out and the caller's signal on one controller (AbortSignal.any is too new for
 * the older Android WebViews we must serve), reading the body with `read`. A failure to get an
 * answer becomes a TimeoutError or a NetworkError.
 */
async function send<T>(
  path: string,
  init: RequestInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  read: (response: Response) => Promise<T>,
) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const response = await fetch(path, { ...init, signal: controller.signal, credentials: 'same-origin' });
    const body = await read(response);
    // Any answer, even a refusal, means the connection works: the offline banner goes.
    noteAnswered();
    return { response, body };
  } catch (cause) {
    if (controller.signal.aborted)
      throw new TimeoutError(signal?.aborted ? 'Request aborted' : CONNECTION_MESSAGES.slow, { cause });
    noteNoAnswer();
    throw new NetworkError(CONNECTION_MESSAGES.offline, { cause });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** The ApiError for a refused answer: the server's message, else plain words for its kind of status. */
const refusal = (response: Response, data: unknown) =>
  new ApiError(
    response.status,
    serverMessage(data) ?? (response.status >= 500 ? CONNECTION_MESSAGES.serverFault : CONNECTION_MESSAGES.refused),
    data,
  );

/** The name in `Content-Disposition: attachment; filename="…"` (or filename*=UTF-8''…), if any. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1].trim() ?? null;
}

/**
 * GET a file (not JSON) with the same time-out, token and typed errors as apiFetch: for downloads
 * that need the bearer header, which a plain link cannot carry. Errors read the JSON message.
 * The answer is a File named as the server's Content-Disposition says.
 */
export async function apiBlob(
  path: string,
  options: Pick<ApiFetchOptions, 'token' | 'timeoutMs' | 'signal'> = {},
): Promise<File> {
  const { token, timeoutMs = 60_000, signal } = options;
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const { response, body: blob } = await send(path, { headers }, timeoutMs, signal, (r) => r.blob());
  if (!response.ok) {
    let data: unknown = null;
    try {
      data = JSON.parse(await blob.text());
    } catch {
      // not JSON: the status says enough
    }
    throw refusal(response, data);
  }
  // A File is a Blob with the name the server gave it (Content-Disposition), or '' without one.
  return new File([blob], attachmentName(response.headers.get('Content-Disposition')) ?? '', { type: blob.type });
}

// ---- Retry policy (docs/PRODUCT.md "Working offline"): no retry on 401, 403 or any 4xx; otherwise up
// to 2 retries; the delay doubles from 1 s, capped at 30 s.

export const MAX_RETRIES = 2;
export const MAX_RETRY_DELAY_MS = 30_000;

/** `failures` is how many attempts have failed before this one (0 after the first failure). */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (isRefusal(error)) return false;
  // The phone has no network at all: asking again is pointless; parts read again when it returns
  // (stores/connection.ts), and meanwhile show what is kept at once instead of after the retries.
  if (error instanceof NetworkError && browserOffline()) return false;
  return failures < MAX_RETRIES;
}

/** Delay before retry number `attempt + 1`: 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new TimeoutError('Request aborted'));
      },
      { once: true },
    );
  });
}

/** Runs `attempt` until it succeeds or the policy says stop; the caller's abort stops at once. */
export async function withRetry<T>(attempt: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted || !shouldRetry(failures, error)) throw error;
      await sleep(retryDelay(failures), signal);
    }
  }
}

/** How long a dashboard record read from the server stays fresh (stores/record.ts). */
export const FRESH_FOR_MS = 5 * MINUTE_MS;

// ---- Dashboard data load (docs/PRODUCT.md "Plain words").

export const DASHBOARD_MESSAGES = {
  emailRequired: 'Email is required',
  unreachable: NO_CONNECTION,
  timeout: 'Request timed out. Please check your connection and try again.',
  notFound: 'User data not found. Please try logging in again.',
  // "Failed to fetch user data" would read like a browser error; this says what to do.
  fallback: 'We could not load your dashboard. Please try again in a moment.',
  affiliateFallback: 'We could not load your affiliate data. Please try again in a moment.',
} as const;

/** Thrown before any request when the signed-in user has no email to load data for. */
export class MissingEmailError extends Error {
  override name = 'MissingEmailError';
  constructor() {
    super(DASHBOARD_MESSAGES.emailRequired);
  }
}

export type DashboardUserType = 'customer' | 'professional' | 'affiliate';

/** `/api/{userType}-data/{email}`, the email URL-encoded; throws MissingEmailError without one. */
export function userDataPath(userType: DashboardUserType, email: string | null | undefined): string {
  if (!email) throw new MissingEmailError();
  return routePath(RECORD_ROUTES[userType].path, { email });
}

/** Each kind of account's dashboard record. */
export const RECORD_ROUTES = {
  customer: customerRecord,
  professional: professionalRecord,
  affiliate: affiliateRecord,
} as const;

/** What to tell the user when an action failed: the server's message, else the error's, else `fallback`. */
export function actionErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return serverMessage(error.body) ?? error.message ?? fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export function dashboardLoadErrorMessage(error: unknown, options: { affiliate?: boolean } = {}): string {
  if (error instanceof MissingEmailError) return DASHBOARD_MESSAGES.emailRequired;
  if (error instanceof TimeoutError) return DASHBOARD_MESSAGES.timeout;
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return DASHBOARD_MESSAGES.timeout;
  }
  // A bare fetch() rejects with a TypeError ("Failed to fetch", "Load failed") when unreachable.
  const bareFetchFailure = error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
  if (error instanceof NetworkError || bareFetchFailure) return DASHBOARD_MESSAGES.unreachable;
  if (error instanceof ApiError) {
    if (error.code === 'not_found') return DASHBOARD_MESSAGES.notFound;
    const message = serverMessage(error.body);
    if (message) return message;
  }
  return options.affiliate ? DASHBOARD_MESSAGES.affiliateFallback : DASHBOARD_MESSAGES.fallback;
}
