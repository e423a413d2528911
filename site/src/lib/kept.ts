/**
 * The last-known data of a signed-in account kept on the device (docs/PRODUCT.md "Working
 * offline"): the dashboard's record and figures, the bookings, the job requests. A page opened
 * without a connection shows them with their age instead of an error.
 *
 * - Keyed by account: another person signing in on the same phone never sees them; signing out
 *   or a session ended elsewhere forgets them all (stores/session.ts).
 * - Bounded: a fixed set of names per account, each at most MAX_KEPT_CHARS, so a large list can
 *   never fill the browser's storage (it is simply not kept).
 * - Versioned: data kept by an older release whose shape has changed is ignored, never drawn.
 *   Raise KEPT_VERSION when the shape of anything kept changes.
 */
export const KEPT_VERSION = 1;
export const MAX_KEPT_CHARS = 200_000;
const PREFIX = 'sc-kept:';

/**
 * What may be kept: one entry each per account. `chat:` is a chat's messages waiting to be sent;
 * `messages:` a chat's messages as last seen, and `chats` the bookings whose chats are kept, the
 * most recently seen first (ui/chat/kept-chats.ts bounds both).
 */
export type KeptName = 'record' | 'figures' | 'bookings' | `chat:${number}` | 'chats' | `messages:${number}`;

export interface Kept<T> {
  data: T;
  /** When the server gave it (ms since 1970). */
  at: number;
}

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const keyOf = (name: KeptName, account: number | string) => `${PREFIX}${account}:${name}`;

/** Keeps `data` for `account` (best effort: a full or refused storage keeps nothing). */
export function keep<T>(name: KeptName, account: number | string, data: T, at: number = Date.now()): void {
  const storage = store();
  if (!storage) return;
  try {
    const text = JSON.stringify({ v: KEPT_VERSION, at, data });
    if (text.length > MAX_KEPT_CHARS) {
      storage.removeItem(keyOf(name, account));
      return;
    }
    storage.setItem(keyOf(name, account), text);
  } catch {
    // Quota or private mode: the page still works online.
  }
}

/** The data kept for `account`, or null (none, unreadable, or from a release with another shape). */
export function readKept<T>(name: KeptName, account: number | string): Kept<T> | null {
  const raw = store()?.getItem(keyOf(name, account));
  if (!raw || raw.length > MAX_KEPT_CHARS) return null;
  try {
    const parsed = JSON.parse(raw) as { v?: unknown; at?: unknown; data?: unknown };
    if (parsed.v !== KEPT_VERSION || typeof parsed.at !== 'number' || parsed.data === undefined) return null;
    return { data: parsed.data as T, at: parsed.at };
  } catch {
    return null;
  }
}

/** Forgets one entry kept for `account`. */
export function forget(name: KeptName, account: number | string): void {
  try {
    store()?.removeItem(keyOf(name, account));
  } catch {
    // A refused storage keeps nothing to forget.
  }
}

/** Forgets everything kept on this device (sign-out, a session ended elsewhere). */
export function forgetKept(): void {
  const storage = store();
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // A refused storage keeps nothing to forget.
  }
}
