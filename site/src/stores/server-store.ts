import { atom, onMount, type ReadableAtom } from 'nanostores';
import { readInto, supersedeReads } from '../lib/keyed-load.ts';
import { LOADING, type Load } from '../lib/load.ts';
import { onBackOnline } from './connection.ts';
import { type LiveEventType, onUserEvent, refresher } from './events.ts';

/** One answer of the server held for the islands that show it (the photos, the verification, the prices). */
export interface ServerStore<T> {
  $load: ReadableAtom<Load<T>>;
  /** Try Again: the loading state, then a fresh read. */
  retry: () => Promise<void>;
  /** A quiet fresh read (something changed): what is shown stays, and a failure keeps it. */
  refresh: () => void;
  /** An action's answer (the server already has the change) replaces what is shown. */
  took: (data: T) => void;
}

export interface ServerStoreOptions {
  /** The plain words shown when nothing could be read. */
  failure: (error: unknown) => string;
  /** The live news after which it is read again while watched (stores/events.ts). */
  news?: readonly LiveEventType[];
}

/**
 * A store holding one read (`Load<T>`), read when an island first watches it (onMount, as
 * ARCHITECTURE.md "Browser" asks), quietly again when watched anew, on `news`, when the connection
 * comes back and on `refresh()`. A failed read never replaces what is shown, and an answer older
 * than an action's is dropped. `read(fresh)`: `fresh` skips the query cache (lib/api.ts `query`).
 */
export function serverStore<T>(read: (fresh: boolean) => Promise<T>, options: ServerStoreOptions): ServerStore<T> {
  const $load = atom<Load<T>>(LOADING);
  const load = (fresh: boolean, showLoading: boolean) =>
    readInto($load, () => read(fresh), { failure: options.failure, showLoading });

  const refresh = refresher(() => load(true, false));

  onMount($load, () => {
    void load(false, false);
    const stopNews = options.news?.length ? onUserEvent(options.news, refresh) : undefined;
    const stopConnection = onBackOnline(refresh);
    return () => {
      stopNews?.();
      stopConnection();
    };
  });

  return {
    $load,
    retry: () => load(true, true),
    refresh,
    took: (data) => {
      supersedeReads($load);
      $load.set({ state: 'loaded', data });
    },
  };
}
