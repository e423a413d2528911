import { atom, onMount, type PreinitializedWritableAtom } from 'nanostores';
import { timeBetween } from '../../../contract/dates.ts';
import type { AnswerOf, CallInput, Route } from '../../../contract/route.ts';
import { ApiError, NetworkError, withRetry } from '../lib/api.ts';
import { call } from '../lib/call.ts';
import { keep, type KeptName, readKept } from '../lib/kept.ts';
import { LOADING, type Load, loadFailureText } from '../lib/load.ts';
import { noteShowingKept, onBackOnline } from './connection.ts';
import { $session } from './session.ts';

/**
 * The one way the browser fills a `Load<T>` (ARCHITECTURE.md "Browser"): a store per route and
 * input, read when an island first watches it (onMount), never from an effect.
 *
 * - Read when watched: the first watcher reads; a watcher coming back reads again quietly, unless
 *   what is shown came from the server within `freshFor`.
 * - Kept on a failed refresh (docs/PRODUCT.md "Working offline"): what is shown stays; with
 *   nothing shown, the data kept on the phone when the server could not be reached (lib/kept.ts),
 *   else the failure's words.
 * - Read again quietly on its news (`news`; a burst of news, once), when the connection comes
 *   back, and on `refresh()`; refreshes asked for during a read make one more read after it, not
 *   one each.
 * - Late answers dropped: only the read started last, or an action's answer (`took`), is shown.
 * - Retries as lib/api.ts `withRetry` says.
 */
export interface LoadStore<T> {
  readonly $load: PreinitializedWritableAtom<Load<T>>;
  /** Why what is shown is not fresh (its last read was refused or failed), or null; a lost connection is said by the offline banner. */
  readonly $stale: PreinitializedWritableAtom<string | null>;
  /** A read is on its way (a table keeps its rows while the next page loads). */
  readonly $pending: PreinitializedWritableAtom<boolean>;
  /** Try Again: the loading state, then a read. */
  retry: () => Promise<void>;
  /** A quiet read (something changed): what is shown stays, and a failure keeps it. Only while watched or shown; done when read. */
  refresh: () => Promise<void>;
  /** An action's answer (the server already has the change) replaces what is shown; reads started before it are dropped. */
  took: (data: T) => void;
  /** Changes what is shown without a read (the server already has the change). */
  patch: (change: (data: T) => T) => void;
}

export interface LoadStoreOptions<T> {
  /** The plain words shown when nothing could be read (a lack of network has its own: OFFLINE_WORDS). */
  failure: (error: unknown) => string;
  /** Subscribes `refresh` to the live news that changes this data (stores/events.ts `onUserEvent`); returns the stop. */
  news?: (refresh: () => void) => () => void;
  /** Keep each answer on the phone under this name for this account, and show it when the server cannot be reached. */
  keep?: () => { name: KeptName; account: number | string } | undefined;
  /** Read only while true (signed out there is nothing to read): false leaves the state as it is. */
  when?: () => boolean;
  /** False when `read` retries by itself (lib/api.ts withRetry is the policy either way). */
  retries?: boolean;
  /** How long an answer stays fresh: a watcher coming back within it reads nothing (0 when left out: a quiet read each time). */
  freshFor?: number;
  /** Hears each answer before it is shown, with what was shown before (null: nothing). */
  answered?: (data: T, before: T | null) => void;
}

/**
 * What to show instead of a failed read that got no answer from the server (no connection, a
 * time-out): the data kept on the phone for this account, its age noted for the offline banner.
 * Null for a refusal (the server's answer stands) or when nothing is kept.
 */
function keptInsteadOf<T>(error: unknown, kept: { name: KeptName; account: number | string } | undefined): T | null {
  if (error instanceof ApiError || kept === undefined) return null;
  const found = readKept<T>(kept.name, kept.account);
  if (!found) return null;
  noteShowingKept(found.at);
  return found.data;
}

/** News heard within this long of the first of a burst is read once, this long after it. */
export const NEWS_SETTLE_MS = 150;

/** A store of one read (see LoadStore); `read` is given the signal that drops it when a newer read starts. */
export function loadStore<T>(read: (signal: AbortSignal) => Promise<T>, options: LoadStoreOptions<T>): LoadStore<T> {
  const $load = atom<Load<T>>(LOADING);
  const $stale = atom<string | null>(null);
  const $pending = atom(false);
  let turn = 0;
  let reading: AbortController | undefined;
  /** When what is shown came from the server (0: it did not: nothing, a failure, kept data). */
  let readAt = 0;
  const shown = (): T | null => ($load.value.state === 'loaded' ? $load.value.data : null);

  const drop = () => {
    turn++;
    reading?.abort();
  };

  async function load(showLoading: boolean): Promise<void> {
    drop();
    const mine = turn;
    const controller = new AbortController();
    reading = controller;
    if (showLoading || $load.value.state !== 'loaded') $load.set(LOADING);
    $pending.set(true);
    try {
      const data = await (options.retries === false
        ? read(controller.signal)
        : withRetry(() => read(controller.signal), controller.signal));
      if (mine !== turn) return;
      const before = shown();
      readAt = Date.now();
      $load.set({ state: 'loaded', data });
      $stale.set(null);
      const kept = options.keep?.();
      if (kept) keep(kept.name, kept.account, data);
      options.answered?.(data, before);
    } catch (error) {
      if (mine !== turn) return;
      readAt = 0;
      const offline = error instanceof NetworkError;
      const instead = shown() ?? keptInsteadOf<T>(error, options.keep?.());
      if (instead === null) {
        $load.set({ state: 'failed', message: loadFailureText(error, options.failure) });
      } else {
        $load.set({ state: 'loaded', data: instead });
        $stale.set(offline ? null : options.failure(error));
      }
    } finally {
      if (mine === turn) $pending.set(false);
    }
  }

  /** Watched (nanostores keeps a store mounted a moment after its last watcher goes). */
  let mounted = false;
  let running: Promise<void> | null = null;
  let again = false;
  const quietly = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await load(false);
      } while (again);
      running = null;
    })();
    return running;
  };
  const refresh = (): Promise<void> => {
    if ((!mounted && shown() === null) || (options.when && !options.when())) return Promise.resolve();
    return quietly();
  };

  onMount($load, () => {
    mounted = true;
    const due = !shown() || readAt === 0 || timeBetween(readAt, Date.now()) >= (options.freshFor ?? 0);
    if (due && (!options.when || options.when())) void quietly();
    const later = () => void refresh();
    // News comes in bursts (a stream's catch-up replays what happened together): one read for them.
    let settling: ReturnType<typeof setTimeout> | undefined;
    const afterNews = () => {
      settling ??= setTimeout(() => {
        settling = undefined;
        later();
      }, NEWS_SETTLE_MS);
    };
    const stopConnection = onBackOnline(later);
    const stopNews = options.news?.(afterNews);
    return () => {
      mounted = false;
      clearTimeout(settling);
      settling = undefined;
      stopConnection();
      stopNews?.();
    };
  });

  return {
    $load,
    $stale,
    $pending,
    retry: () => load(true),
    refresh,
    took: (data) => {
      drop();
      $pending.set(false);
      readAt = Date.now();
      $load.set({ state: 'loaded', data });
      $stale.set(null);
    },
    patch: (change) => {
      const data = shown();
      if (data !== null) $load.set({ state: 'loaded', data: change(data) });
    },
  };
}

export interface RouteLoadOptions<R extends Route, T> extends LoadStoreOptions<T> {
  /** The part of the answer the store holds (the answer itself when left out). */
  select?: (answer: AnswerOf<R>) => T;
  /** The bearer token sent (the signed-in person's when left out; the administrator's for admin routes). */
  token?: () => string | null | undefined;
}

/**
 * One store per input, each made when first asked for and kept while the page lives: only the
 * inputs shown are read. `options` may depend on the input (the words of its failure).
 */
export function loadStores<I, T>(
  read: (input: I, signal: AbortSignal) => Promise<T>,
  options: LoadStoreOptions<T> | ((input: I) => LoadStoreOptions<T>),
): (input: I) => LoadStore<T> {
  const stores = new Map<string, LoadStore<T>>();
  return (input) => {
    const key = JSON.stringify(input);
    let store = stores.get(key);
    if (!store) {
      store = loadStore((signal) => read(input, signal), typeof options === 'function' ? options(input) : options);
      stores.set(key, store);
    }
    return store;
  };
}

/**
 * The stores of one route (contract/route.ts), one per input, read through `call`:
 * `const photosOf = routeLoad(ownPhotos, {...}); useStore(photosOf({}).$load)`.
 */
export function routeLoad<R extends Route, T = AnswerOf<R>>(
  route: R,
  options: RouteLoadOptions<R, T>,
): (input: CallInput<R>) => LoadStore<T> {
  const token = options.token ?? (() => $session.get().token);
  return loadStores(async (input: CallInput<R>, signal) => {
    const answer = await call(route, input, { token: token(), signal });
    return options.select ? options.select(answer) : (answer as T);
  }, options);
}
