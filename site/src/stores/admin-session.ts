import { atom, onMount } from 'nanostores';
import {
  ADMIN_MESSAGES,
  ADMIN_TOKEN_KEY,
  adminLogin,
  adminLogout,
  getAdminStats,
} from '../../../contract/admin-session.ts';
import type { AdminStats } from '../../../contract/admin.ts';
import type { AnswerOf, CallInput, Route } from '../../../contract/route.ts';
import { apiBlob, ApiError, isRefusal, isSignedOut, NetworkError, TimeoutError } from '../lib/api.ts';
import { type CallOptions, call } from '../lib/call.ts';

/**
 * The administrator's session (docs/PRODUCT.md "Administrators": admin guard, storage key adminToken). This
 * module is the only code that reads or writes the adminToken key; the admin islands call the API
 * through `adminCall`, which sends the token and ends the session when it is refused.
 *
 * status: unknown (nothing read yet) → checking → signed-in; signed-out when there is no session or
 * the server refused it; logged-out after Logout (the page is leaving: no "expired" notice). Administrators are not
 * users: this store never touches the user session's keys, nor that store the adminToken.
 */
export type AdminSessionStatus = 'unknown' | 'checking' | 'signed-in' | 'signed-out' | 'logged-out';

export interface AdminSessionState {
  status: AdminSessionStatus;
  token: string | null;
}

/** The part of the Storage interface the session needs (a Map-backed fake in tests). */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const $adminSession = atom<AdminSessionState>({ status: 'unknown', token: null });

let injected: TokenStorage | null = null;

/** Tests pass a fake storage; the browser uses localStorage. */
export function configureAdminSession(options: { storage: TokenStorage | null }): void {
  injected = options.storage;
}

function storage(): TokenStorage | null {
  if (injected) return injected;
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (some WebViews, privacy modes)
  }
}

function readToken(): string | null {
  try {
    const token = storage()?.getItem(ADMIN_TOKEN_KEY) ?? null;
    return token && token.trim() !== '' ? token : null;
  } catch {
    return null;
  }
}

function writeToken(token: string | null): void {
  try {
    if (token === null) storage()?.removeItem(ADMIN_TOKEN_KEY);
    else storage()?.setItem(ADMIN_TOKEN_KEY, token);
  } catch {
    // Full or disabled storage: the session still works on this page.
  }
}

function endSession(status: 'signed-out' | 'logged-out' = 'signed-out'): void {
  writeToken(null);
  $adminSession.set({ status, token: null });
}

export type AdminLoginOutcome =
  | { kind: 'success' }
  /** Shown under the form: missing fields, the server's message, or "Invalid credentials". */
  | { kind: 'failed'; message: string }
  | { kind: 'network'; message: string };

/** POST /api/admin/login (docs/PRODUCT.md "Administrators": both fields required; login failure texts). */
export async function adminSignIn(username: string, password: string): Promise<AdminLoginOutcome> {
  if (username.trim() === '' || password === '') return { kind: 'failed', message: ADMIN_MESSAGES.loginRequired };
  try {
    const answer = await call(adminLogin, { body: { username: username.trim(), password } });
    if (!answer?.token) return { kind: 'failed', message: ADMIN_MESSAGES.invalidCredentials };
    writeToken(answer.token);
    $adminSession.set({ status: 'signed-in', token: answer.token });
    return { kind: 'success' };
  } catch (error) {
    if (error instanceof ApiError) {
      // A fault is the server's trouble, not the password's: say so rather than "Invalid credentials".
      if (!isRefusal(error)) return { kind: 'network', message: ADMIN_MESSAGES.network };
      return {
        kind: 'failed',
        message: error.code === 'wrong_credentials' ? ADMIN_MESSAGES.invalidCredentials : error.message,
      };
    }
    return { kind: 'network', message: ADMIN_MESSAGES.network };
  }
}

export type AdminCheck =
  | { result: 'ok'; stats: AdminStats }
  /** No token stored: nothing was asked. */
  | { result: 'missing' }
  /** The server refused the token: it has been removed. */
  | { result: 'refused' }
  /** The server could not be asked (offline, time-out, 5xx): the token is kept. */
  | { result: 'unreachable' };

/**
 * The admin guard's check (docs/PRODUCT.md "Administrators"): the stored token is tried on GET /api/admin/stats. Not ok
 * removes the token; a network error keeps it. The stats come back too, so the Overview needs no
 * second request on a slow line.
 */
export async function checkAdminSession(): Promise<AdminCheck> {
  const token = readToken();
  if (!token) {
    $adminSession.set({ status: 'signed-out', token: null });
    return { result: 'missing' };
  }
  $adminSession.set({ status: 'checking', token });
  try {
    const answer = await call(getAdminStats, {}, { token });
    $adminSession.set({ status: 'signed-in', token });
    return { result: 'ok', stats: answer.stats };
  } catch (error) {
    // Only a session the server says is gone ends here; too many requests or a fault keep the token.
    if (isSignedOut(error)) {
      endSession();
      return { result: 'refused' };
    }
    $adminSession.set({ status: 'signed-out', token });
    return { result: 'unreachable' };
  }
}

/**
 * The admin guard's check of the stored token, made when the guard first watches it (onMount): null
 * while it is under way.
 */
export const $adminCheck = atom<AdminCheck | null>(null);
onMount($adminCheck, () => {
  void checkAdminSession().then((check) => $adminCheck.set(check));
});

const LOGOUT_TIMEOUT_MS = 5_000;

/**
 * Logout (docs/PRODUCT.md "Administrators"): POST /api/admin/logout ends the session on the server, then the
 * token is removed here whatever the answer (offline, the token leaves this device all the same).
 * The caller goes to /admin/login.
 */
export async function adminSignOut(): Promise<void> {
  const token = readToken() ?? $adminSession.get().token;
  try {
    if (token) await call(adminLogout, {}, { token, timeoutMs: LOGOUT_TIMEOUT_MS });
  } catch {
    // Expired or unreachable: removing the token below is what matters on this device.
  } finally {
    endSession('logged-out');
  }
}

/**
 * One admin call with the bearer token. A 401 means the session ended (expired, or logged out in
 * another tab): the token is removed and the status becomes signed-out, which the console follows
 * back to the login page.
 */
async function asAdmin<T>(send: (token: string | null) => Promise<T>): Promise<T> {
  const token = $adminSession.get().token ?? readToken();
  try {
    return await send(token);
  } catch (error) {
    if (isSignedOut(error)) endSession();
    throw error;
  }
}

/** One administrator's call through the route table (site/src/lib/call.ts), with the token, ending the session on a 401. */
export const adminCall = <R extends Route>(
  route: R,
  input: CallInput<R>,
  options: Omit<CallOptions, 'token'> = {},
): Promise<AnswerOf<R>> => asAdmin((token) => call(route, input, { ...options, token }));

/** A file behind the admin token (a verification document), as a Blob. */
export const adminFile = (path: string, signal?: AbortSignal): Promise<Blob> =>
  asAdmin((token) => apiBlob(path, { token, signal }));

/** Whether a failure was the connection rather than the server's answer. */
export const isConnectionError = (error: unknown): boolean =>
  error instanceof NetworkError || error instanceof TimeoutError;
