import { useEffect, useRef, useState } from 'react';

/**
 * The one shape of "data read from the server" in the islands: loading, failed with plain words
 * (from lib/api.ts: `dashboardLoadErrorMessage`, `failure(...).message`, ...), or loaded. Stores that
 * keep data for several islands (stores/professional.ts) hold a `Load` in an atom; an island that
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
   * Every read keeps what is shown until its answer arrives, and a failure replaces it (the admin
   * tables: a new page or search must not make the table jump).
   */
  keepShown?: boolean;
  /** Read only while true (the recommendations wait for the location); false leaves the state as it is. */
  when?: boolean;
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
  const [attempt, setAttempt] = useState({ n: 0, quiet: false });
  const seeded = useRef(options.seed !== undefined);
  // The latest read and words: a read started keeps the ones it began with.
  const latest = useRef({ read, options });
  latest.current = { read, options };

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
    setLoad((shown) => (shown.state === 'loaded' && (quiet || opts.keepShown) ? shown : LOADING));
    run({ signal: controller.signal, fresh: attempt.n > 0 }).then(
      (data) => {
        if (controller.signal.aborted) return;
        setLoad({ state: 'loaded', data });
        setPending(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad((shown) =>
          quiet && shown.state === 'loaded' ? shown : { state: 'failed', message: opts.failure(error) },
        );
        setPending(false);
      },
    );
    return () => controller.abort();
  }, [key, attempt, options.when]);

  return {
    load,
    pending,
    retry: () => setAttempt((a) => ({ n: a.n + 1, quiet: false })),
    refresh: () => setAttempt((a) => ({ n: a.n + 1, quiet: true })),
    patch: (change) =>
      setLoad((shown) => (shown.state === 'loaded' ? { state: 'loaded', data: change(shown.data) } : shown)),
  };
}
