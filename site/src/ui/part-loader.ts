/**
 * The download of one lazily loaded part of an island (a tab, a dialog, the chat panel), shared by
 * every place that shows it (docs/PRODUCT.md "Plain words": a part that cannot load fails alone).
 *
 * React's lazy() keeps a failed download's rejection for good, so each try is an attempt of its
 * own: an attempt that failed for lack of a connection resolves to the part's "could not load"
 * stand-in (no error is thrown, so nothing reaches an error boundary), and `retry()` replaces it
 * with a new attempt that every place showing the part then draws (`subscribe`). Retrying the same
 * import() works in Chromium 156, but older browsers still on phones (Chromium 150 among them) remember
 * a module that failed to download: a retry asks for it under a new address (`failedModulePath`).
 * A module that downloaded but threw
 * while it ran is broken, not offline: that error is thrown (as `broken(error)`) for the island's
 * error boundary, since trying again cannot mend it.
 *
 * Not in the core chunk (site/astro.config.mjs): only the dashboards use it.
 */

/** What a failed download says in each browser (Chromium, Firefox, Safari; Vite's CSS preload). */
const DOWNLOAD_FAILED =
  /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css/i;

/** The part's code could not be fetched (rather than fetched and broken). */
export function isDownloadFailure(
  error: unknown,
  online = typeof navigator === 'undefined' || navigator.onLine !== false,
): boolean {
  if (!online) return true;
  const message = error instanceof Error ? error.message : String(error);
  return DOWNLOAD_FAILED.test(message);
}

/** The address a failed download names: Chromium's "Failed to fetch dynamically imported module: URL". */
const NAMED_MODULE = /\bhttps?:\/\/[^\s'"?]{1,500}\.js(?:\?[^\s'"]{0,100})?/;

/**
 * The path on this site of the module whose download failed, when the error names one. Older
 * Chromium (150) remembers a module whose download failed and refuses every later import() of the
 * same address without asking the network again, so a retry asks for that address with
 * `?attempt=N`: a new module to the browser, the same file to the server (its imports, already
 * downloaded, are not fetched again).
 */
export function failedModulePath(error: unknown, origin: string): string | null {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const named = URL.parse(NAMED_MODULE.exec(message)?.[0] ?? '');
  return named && named.origin === origin && !named.search ? named.pathname : null;
}

/** `failed`: could not download (retried); `broken`: downloaded but threw (not retried). */
export type AttemptState = 'waiting' | 'loading' | 'loaded' | 'failed' | 'broken';

export interface Attempt<T> {
  /** 1 for the first attempt, one more for each retry. */
  readonly id: number;
  /** Starts the download on its first call and returns the same promise after. */
  readonly run: () => Promise<T>;
}

export interface PartLoader<T> {
  /** The attempt every place showing the part draws. */
  current(): Attempt<T>;
  state(): AttemptState;
  /** A new attempt when the current one failed; otherwise nothing (several callers, one new attempt). */
  retry(): void;
  subscribe(listener: () => void): () => void;
}

interface Options<T> {
  /** What a failed download resolves to: the part's "could not load" stand-in. */
  failed: () => T;
  /** The error thrown for code that downloaded but broke. */
  broken: (error: unknown) => unknown;
}

/** Parts whose last attempt failed; the browser's `online` event retries them all. */
const failedParts = new Set<PartLoader<unknown>>();
let listening = false;

function retryAllWhenOnline(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => {
    for (const part of [...failedParts]) part.retry();
  });
}

export function partLoader<T>(load: () => Promise<T>, { failed, broken }: Options<T>): PartLoader<T> {
  const listeners = new Set<() => void>();
  let state: AttemptState = 'waiting';
  let attempt: Attempt<T>;

  const begin = (id: number): Attempt<T> => {
    let started: Promise<T> | undefined;
    return {
      id,
      run: () => {
        started ??= start(id);
        return started;
      },
    };
  };

  /** The module whose download failed last, fetched under a new address on the next attempt. */
  let failedPath: string | null = null;
  const start = async (id: number): Promise<T> => {
    const isCurrent = () => attempt.id === id;
    if (isCurrent()) state = 'loading';
    try {
      const module = failedPath
        ? ((await import(/* @vite-ignore */ `${failedPath}?attempt=${id}`)) as T)
        : await load();
      if (isCurrent()) {
        state = 'loaded';
        failedParts.delete(loader);
      }
      return module;
    } catch (error) {
      if (!isDownloadFailure(error)) {
        if (isCurrent()) state = 'broken';
        throw broken(error);
      }
      if (isCurrent()) {
        state = 'failed';
        failedPath = typeof location === 'undefined' ? null : (failedModulePath(error, location.origin) ?? failedPath);
        failedParts.add(loader);
        retryAllWhenOnline();
      }
      return failed();
    }
  };

  const loader: PartLoader<T> = {
    current: () => attempt,
    state: () => state,
    retry() {
      if (state !== 'failed') return;
      failedParts.delete(loader);
      state = 'waiting';
      attempt = begin(attempt.id + 1);
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  attempt = begin(1);
  return loader;
}
