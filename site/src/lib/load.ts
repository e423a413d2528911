import { useEffect, useRef, useState } from 'react';
import { OFFLINE_WORDS } from '../../../contract/connection.ts';
import { ApiError, NetworkError } from './api.ts';
import { onBackOnline, noteShowingKept } from '../stores/connection.ts';
import { keep, readKept, type KeptName } from './kept.ts';

/**
 * The one shape of "data read from the server" in the islands: loading, failed with plain words
 * (from lib/api.ts: `dashboardLoadErrorMessage`, `failure(...).message`, ...), or loaded. Stores that
 * keep data for several islands (stores/bookings.ts) hold a `Load` in an atom; an island that
 * reads for itself calls `useLoad`.
 */
export type Load<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; data: T };

export const LOADING: Load<never> = { state: 'loading' };

/** What a read is given: abort when the island moves on; `fresh` after Try Again or a change. */
export interface ReadContext {
  signal: AbortSignal;
  /** Skip the 5-minute query cache (lib/api.ts `query`): the second and later reads of this hook. */
  fresh: boolean;
}

export interface LoadOptions<T> {
  /** The plain words shown for a failure. */
  failure: (error: unknown) => string;
  /** Data already read (the admin guard's stats): shown at first instead of asking again. */
  seed?: T;
  /**
   * Every read keeps what is shown until its answer arrives (the admin tables: a new page or search
   * must not make the table jump); a failure for another key then shows the failure.
   */
  keepShown?: boolean;
  /** Read only while true (the recommendations wait for the location); false leaves the state as it is. */
  when?: boolean;
  /**
   * Keep the answer on the device under this name for this account (lib/kept.ts): a page opened
   * without a connection shows it, with its age in the offline banner, instead of an error.
   */
  keep?: { name: KeptName; account: number | string };
}

export interface Loaded<T> {
  load: Load<T>;
  /** Try Again: the loading state, then a fresh read. */
  retry: () => void;
  /** A quiet fresh read (something changed): what is shown stays, and a failure keeps it. */
  refresh: () => void;
  /** Changes the shown data without a read (the server already has the change). */
  patch: (change: (data: T) => T) => void;
  /** A read is on its way (tables shown while the next page loads). */
  pending: boolean;
  /**
   * The last read failed while data stayed on screen (what is shown is never replaced by an error):
   * its plain words, or null. A failure for lack of network is said once, by the offline banner.
   */
  staleReason: string | null;
}

/**
 * What a part with nothing to show says of its failed read: for no answer at all, that nothing is
 * loaded yet (the offline banner says the rest once for the page: docs/PRODUCT.md "Working
 * offline"), never zero counts or "none yet"; else its own plain words.
 */
export const loadFailureText = (error: unknown, failure: (error: unknown) => string): string =>
  error instanceof NetworkError ? OFFLINE_WORDS.notLoaded : failure(error);

/**
 * What to show instead of a failed read that got no answer from the server (no connection, a
 * time-out): the data kept on the device for this account, its age noted for the offline banner.
 * Null for a refusal (the server's answer stands) or when nothing is kept.
 */
export function keptInsteadOf<T>(error: unknown, name: KeptName, account: number | string | undefined): T | null {
  if (error instanceof ApiError || account === undefined) return null;
  const kept = readKept<T>(name, account);
  if (!kept) return null;
  noteShowingKept(kept.at);
  return kept.data;
}

/**
 * Reads with `read` when mounted and whenever `key` changes (the path, the account), and again on
 * `retry()` or `refresh()`. The previous read is aborted; its answer is never shown.
 */
export function useLoad<T>(
  key: string,
  read: (context: ReadContext) => Promise<T>,
  options: LoadOptions<T>,
): Loaded<T> {
  const [load, setLoad] = useState<Load<T>>(
    options.seed === undefined ? LOADING : { state: 'loaded', data: options.seed },
  );
  const [pending, setPending] = useState(false);
  const [staleReason, setStaleReason] = useState<string | null>(null);
  const [attempt, setAttempt] = useState({ n: 0, quiet: false });
  const seeded = useRef(options.seed !== undefined);
  // The latest read and words: a read started keeps the ones it began with.
  const latest = useRef({ read, options });
  latest.current = { read, options };
  // The data last shown and the key it was read for: a failed read of the same key keeps it.
  const shown = useRef<{ key: string; data: T } | null>(
    options.seed === undefined ? null : { key, data: options.seed },
  );
  // The last read failed (an error or kept data on screen): read again when back online.
  const failedLast = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reads again when the key, the precondition or an attempt changes; read and options come through a ref
  useEffect(() => {
    if (seeded.current) {
      seeded.current = false;
      return;
    }
    const { read: run, options: opts } = latest.current;
    if (opts.when === false) return;
    const quiet = attempt.quiet;
    const controller = new AbortController();
    setPending(true);
    setLoad((current) => (current.state === 'loaded' && (quiet || opts.keepShown) ? current : LOADING));
    run({ signal: controller.signal, fresh: attempt.n > 0 }).then(
      (data) => {
        if (controller.signal.aborted) return;
        shown.current = { key, data };
        if (opts.keep) keep(opts.keep.name, opts.keep.account, data);
        setLoad({ state: 'loaded', data });
        setStaleReason(null);
        setPending(false);
        failedLast.current = false;
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setPending(false);
        failedLast.current = true;
        const message = loadFailureText(error, opts.failure);
        // What is on screen for this key stays: the banner or `staleReason` says why it is not fresh.
        const onScreen = shown.current?.key === key ? shown.current.data : null;
        const instead = onScreen ?? (opts.keep ? keptInsteadOf<T>(error, opts.keep.name, opts.keep.account) : null);
        if (instead === null) {
          setLoad({ state: 'failed', message });
          return;
        }
        shown.current = { key, data: instead };
        setLoad({ state: 'loaded', data: instead });
        setStaleReason(message);
      },
    );
    return () => controller.abort();
  }, [key, attempt, options.when]);

  // Back online: a part showing a failure or kept data reads again by itself (quietly).
  useEffect(
    () =>
      onBackOnline(() => {
        if (failedLast.current) setAttempt((a) => ({ n: a.n + 1, quiet: true }));
      }),
    [],
  );

  return {
    load,
    pending,
    staleReason,
    retry: () => setAttempt((a) => ({ n: a.n + 1, quiet: false })),
    refresh: () => setAttempt((a) => ({ n: a.n + 1, quiet: true })),
    patch: (change) =>
      setLoad((current) => {
        if (current.state !== 'loaded') return current;
        const data = change(current.data);
        shown.current = { key, data };
        return { state: 'loaded', data };
      }),
  };
}
