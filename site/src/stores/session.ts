import { signOut as signOutRoute, verifySession } from '../../../contract/accounts.ts';
import { call } from '../lib/call.ts';
import { atom, computed, onMount } from 'nanostores';
import { dashboardPath, type SessionUser, USER_TYPES } from '../../../contract/account-types.ts';
import { isSignedOut } from '../lib/api.ts';
import { forgetKept } from '../lib/kept.ts';

/**
 * The signed-in session (docs/PRODUCT.md "Signing in and sessions": storage keys). This module is the only code
 * that reads or writes the localStorage keys authToken, userData, userEmail and pendingUserId;
 * islands import $session and the actions below.
 *
 * status:
 * - loading: nothing read yet (also what pages pre-rendered at build time see);
 * - verifying: a token is stored and the server is checking it (no user yet: the guards show
 *   "Verifying authentication...");
 * - signed-in: user and token set;
 * - ended: the server refused the session of a page already showing it (signed out on another
 *   device, password reset, suspension; docs/PRODUCT.md "Signing in and sessions"). The page keeps
 *   what it shows and what was typed, and says so; user and the refused token stay, so any call
 *   still made gets the server's own words ("Your session has ended. Please sign in again."). The
 *   stored keys stay too: other tabs find out through their own checks, and a reload goes to /signin;
 * - signed-out: neither.
 */
export type SessionStatus = 'loading' | 'verifying' | 'signed-in' | 'ended' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  token: string | null;
}

/** The part of the Storage interface the session needs (a Map-backed fake in tests). */
export interface SessionStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const STORAGE_KEYS = {
  token: 'authToken',
  user: 'userData',
  email: 'userEmail',
  pendingUserId: 'pendingUserId',
} as const;

const VERIFY_TIMEOUT_MS = 10_000;
const LOGOUT_TIMEOUT_MS = 3_000;

export const $session = atom<SessionState>({ status: 'loading', user: null, token: null });
export const $user = computed($session, (session) => session.user);

let injected: SessionStorage | null = null;

/** Tests pass a fake storage; the browser uses localStorage. */
export function configureSession(options: { storage?: SessionStorage | null }): void {
  if ('storage' in options) injected = options.storage ?? null;
}

function storage(): SessionStorage | null {
  if (injected) return injected;
  try {
    // Reading the property can throw where storage is disabled (some WebViews, privacy modes).
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    const store = storage();
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Full or disabled storage: the session still works for this page.
  }
}

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Partial<Record<keyof SessionUser, unknown>>;
  return (
    typeof user.id === 'number' &&
    typeof user.email === 'string' &&
    typeof user.userType === 'string' &&
    (USER_TYPES as readonly string[]).includes(user.userType)
  );
}

/** The stored user, or null when missing or unreadable. */
function readUser(): SessionUser | null {
  const raw = read(STORAGE_KEYS.user);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSessionUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Where the installed app opens (site/src/pages/app.astro): the stored user's own dashboard, or
 * /signin with no stored session. Read from this phone alone, so it works offline; the dashboard
 * then checks the session with the server as it always does.
 */
export function storedHome(): string {
  const user = read(STORAGE_KEYS.token) ? readUser() : null;
  return user ? dashboardPath(user.userType) : '/signin';
}

/** The session leaves this device, and with it the account's data kept for offline use. */
function clearStored(): void {
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.user, null);
  forgetKept();
}

function setSignedOut(): void {
  $session.set({ status: 'signed-out', user: null, token: null });
}

/** True after a verify that could not reach the server: check again when back online. */
let needsReverify = false;
let restoring: Promise<void> | null = null;

/** Stores the session after a login or an auto-login. userEmail is kept only with rememberEmail. */
export function signIn(token: string, user: SessionUser, options: { rememberEmail?: boolean } = {}): void {
  write(STORAGE_KEYS.token, token);
  write(STORAGE_KEYS.user, JSON.stringify(user));
  if (options.rememberEmail === true) write(STORAGE_KEYS.email, user.email);
  else if (options.rememberEmail === false) write(STORAGE_KEYS.email, null);
  needsReverify = false;
  $session.set({ status: 'signed-in', user, token });
}

/**
 * Ends the session here at once, then tells the server (best effort, a few seconds at most).
 * The caller navigates to /signin afterwards. Buttons call signOutHere (stores/sign-out.ts), which
 * ends this phone's notifications first.
 */
export async function signOut(): Promise<void> {
  const { status, token } = $session.get();
  const storedToken = token ?? read(STORAGE_KEYS.token);
  clearStored();
  write(STORAGE_KEYS.email, null);
  needsReverify = false;
  setSignedOut();
  // An ended session is already over on the server: nothing to tell it.
  if (!storedToken || status === 'ended') return;
  try {
    await call(signOutRoute, {}, { token: storedToken, timeoutMs: LOGOUT_TIMEOUT_MS });
  } catch {
    // Offline or already expired: the token is gone from this device, which is what matters.
  }
}

/**
 * Reads the stored token and user and checks them with the server (POST /api/auth/verify).
 * Valid: signed in with the server's user. The session is gone (the codes `signed_out` and
 * `not_signed_in`, or an answer without a user): both cleared, or, when the page is already
 * showing this session, `ended`.
 * Anything else (offline, time-out, a fault, or another refusal such as too many requests or a
 * suspended affiliate's read-only account): the stored user stays signed in and is checked again
 * when the browser comes back online. That is the safer mistake: the server still checks every
 * call, so staying grants nothing, while signing out would lose the page and what was typed in it.
 */
export function restoreSession(): Promise<void> {
  if (typeof window === 'undefined' && !injected) return Promise.resolve();
  restoring ??= doRestore().finally(() => {
    restoring = null;
  });
  return restoring;
}

async function doRestore(): Promise<void> {
  const token = read(STORAGE_KEYS.token);
  const stored = readUser();
  if (!token || !stored) {
    clearStored();
    setSignedOut();
    return;
  }
  const current = $session.get();
  // Already signed in with this token (a re-verify): keep showing the page while checking.
  const showing = current.status === 'signed-in' && current.token === token ? current.user : null;
  if (!showing) $session.set({ status: 'verifying', user: null, token });
  // Refused: a page that is showing the session keeps its screen (ended); otherwise signed out.
  const refused = () => {
    if (showing) {
      forgetKept(); // ended elsewhere (a password changed after a lost phone): nothing stays here
      $session.set({ status: 'ended', user: showing, token });
      return;
    }
    clearStored();
    setSignedOut();
  };
  try {
    const answer = await call(verifySession, {}, { token, timeoutMs: VERIFY_TIMEOUT_MS });
    if (read(STORAGE_KEYS.token) !== token) return; // signed in or out elsewhere meanwhile
    // The user is stored and trusted afterwards: check its shape, whatever the contract says.
    if (!isSessionUser(answer?.user)) {
      refused();
      return;
    }
    needsReverify = false;
    write(STORAGE_KEYS.user, JSON.stringify(answer.user));
    $session.set({ status: 'signed-in', user: answer.user, token });
  } catch (error) {
    if (read(STORAGE_KEYS.token) !== token) return;
    if (isSignedOut(error)) {
      refused();
      return;
    }
    // Could not ask, or refused for another reason: trust the stored record for now, check later.
    needsReverify = true;
    $session.set({ status: 'signed-in', user: stored, token });
  }
}

/** A profile update: merges fields into the stored user. */
export function mergeUser(fields: Partial<SessionUser>): void {
  const { status, user, token } = $session.get();
  if (status !== 'signed-in' || !user || !token) return;
  const merged: SessionUser = { ...user, ...fields };
  write(STORAGE_KEYS.user, JSON.stringify(merged));
  $session.set({ status: 'signed-in', user: merged, token });
}

/** The id of an account created but not yet paid (docs/PRODUCT.md "Signing in and sessions": sign-up wizard). */
export function setPendingUserId(id: number | null): void {
  write(STORAGE_KEYS.pendingUserId, id === null ? null : String(id));
}

export function getPendingUserId(): number | null {
  const raw = read(STORAGE_KEYS.pendingUserId);
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The email saved by "Remember me" (or after an auto-login), to prefill the sign-in form. */
export function savedEmail(): string | null {
  const email = read(STORAGE_KEYS.email);
  return email && email.trim() !== '' ? email : null;
}

/** Another tab signed in or out: follow it. */
function onStorage(event: StorageEvent): void {
  if (event.key !== null && event.key !== STORAGE_KEYS.token && event.key !== STORAGE_KEYS.user) return;
  const token = read(STORAGE_KEYS.token);
  const user = readUser();
  if (!token || !user) {
    // An ended page keeps its screen when another tab clears the dead token (the sign-in page does).
    const { status } = $session.get();
    if (status !== 'signed-out' && status !== 'ended') setSignedOut();
    return;
  }
  $session.set({ status: 'signed-in', user, token });
}

function onOnline(): void {
  if (needsReverify) void restoreSession();
}

// Side effects live here, not in components: the first island that reads the session restores
// it, and while any does, other tabs' sign-ins and sign-outs are followed.
onMount($session, () => {
  if (typeof window === 'undefined') return;
  if ($session.get().status === 'loading') void restoreSession();
  window.addEventListener('storage', onStorage);
  window.addEventListener('online', onOnline);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('online', onOnline);
  };
});

/**
 * Calls `read` with the signed-in user now and for each other account that signs in, not when the
 * same account's user object is replaced (verified, renamed): a record watched by a dashboard.
 * Returns the stop.
 */
export function onAccount(read: (user: SessionUser) => void): () => void {
  let readFor: string | null = null;
  return $session.subscribe(({ user }) => {
    if (!user || user.email === readFor) return;
    readFor = user.email;
    read(user);
  });
}
