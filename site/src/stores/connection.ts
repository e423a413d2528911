import { atom, onMount } from 'nanostores';

/**
 * Is the server reachable from here, and since when is what the page shows (docs/PRODUCT.md
 * "Working offline"). One place decides, so the page says "no connection" once (OfflineBanner)
 * instead of every part saying it in its own words:
 * - offline: the browser says so (`offline` event), or the last call got no answer at all (the
 *   API client reports it: lib/api.ts). Any answer, even a refusal, ends it; so does `online`.
 * - shownAt: when what is on screen came from the server: the last answer, or the age of the data
 *   kept on the device (lib/kept.ts) when the page opened without a connection.
 * - backOnline counts returns to online, so parts that could not load try again by themselves.
 */
export interface ConnectionState {
  offline: boolean;
  shownAt: number | null;
  backOnline: number;
}

export const $connection = atom<ConnectionState>({ offline: false, shownAt: null, backOnline: 0 });

function setOffline(offline: boolean): void {
  const state = $connection.get();
  if (state.offline === offline) return;
  $connection.set({ ...state, offline, backOnline: state.backOnline + (offline ? 0 : 1) });
}

/** Runs `run` each time the connection comes back from now on (not for a return already past); returns the stop. */
export function onBackOnline(run: () => void): () => void {
  let seen = $connection.get().backOnline;
  return $connection.listen(({ backOnline }) => {
    if (backOnline === seen) return;
    seen = backOnline;
    run();
  });
}

/** The server answered (any status): the connection works and what is shown is from now. */
export function noteAnswered(at: number = Date.now()): void {
  setOffline(false);
  $connection.set({ ...$connection.get(), shownAt: at });
}

/** A call got no answer at all (no network, the server unreachable). */
export function noteNoAnswer(): void {
  setOffline(true);
}

/** Data kept on the device from `at` is on screen: the banner gives the oldest such age. */
export function noteShowingKept(at: number): void {
  const state = $connection.get();
  if (state.shownAt === null || at < state.shownAt) $connection.set({ ...state, shownAt: at });
}

/** The browser has no network at all (a fresh page opened offline asks before its first call). */
export const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

onMount($connection, () => {
  if (typeof window === 'undefined') return;
  if (browserOffline()) setOffline(true);
  const offline = () => setOffline(true);
  const online = () => setOffline(false);
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
});
