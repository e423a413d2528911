import { atom, onMount } from 'nanostores';
import { timeBetween } from '../../../contract/dates.ts';
import { health } from '../../../contract/health.ts';

/**
 * Is the server reachable from here, and since when is what the page shows (docs/PRODUCT.md
 * "Working offline"). One place decides, so the page says "no connection" once (OfflineBanner)
 * instead of every part saying it in its own words:
 * - offline: the browser says so (`offline` event), or the last call got no answer at all (the
 *   API client reports it: lib/api.ts). Any answer, even a refusal, ends it; so does `online`.
 *   A dropped signal often fires no `online` when it returns, so while offline and shown the page
 *   asks the server itself on a short schedule (RECHECK): the first answer ends it.
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

/** When a check last got an answer (0: never on this page). */
let confirmedAt = 0;
let verifying = false;

/**
 * A call got no answer at all (no network, the server unreachable). Soon after a check found the
 * server (RECHECK.trustMs), one call without an answer may be that call's own trouble (one address
 * a proxy drops): a check decides first, so the page does not go offline and back, with every part
 * reading again, in a loop.
 */
export function noteNoAnswer(): void {
  if ($connection.get().offline) return;
  if (!confirmedAt || timeBetween(confirmedAt, Date.now()) >= RECHECK.trustMs || browserOffline()) {
    setOffline(true);
    return;
  }
  if (verifying) return;
  verifying = true;
  void serverAnswers().then((answered) => {
    verifying = false;
    if (answered) confirmedAt = Date.now();
    else setOffline(true);
  });
}

/** Data kept on the device from `at` is on screen: the banner gives the oldest such age. */
export function noteShowingKept(at: number): void {
  const state = $connection.get();
  if (state.shownAt === null || at < state.shownAt) $connection.set({ ...state, shownAt: at });
}

/**
 * The check while offline: GET /api/health (never from a cache: the worker and the browser's cache
 * are bypassed), the first 1 s after the last failure, then 2 s, then every 3 s, each wait
 * shortened by up to a fifth so that phones which lost the same mast do not ask in step; never
 * longer than 3 s while the page is shown, so the banner goes within about 3 s of the server
 * answering again. Hidden, once a minute; shown again, at once. A check without an answer in
 * timeoutMs is abandoned (a black-holed connection), and the next one starts on time regardless.
 */
export const RECHECK = {
  delaysMs: [1_000, 2_000, 3_000],
  hiddenMs: 60_000,
  timeoutMs: 5_000,
  spread: 0.2,
  /** After a check's answer, a call without one is checked before the page goes offline (noteNoAnswer). */
  trustMs: 30_000,
} as const;

/** The wait before check number `done + 1` while shown. */
export function recheckDelay(done: number): number {
  const full = RECHECK.delaysMs[Math.min(done, RECHECK.delaysMs.length - 1)];
  return Math.round(full * (1 - Math.random() * RECHECK.spread));
}

/** One check: did the server answer at all (any status)? Bounded by RECHECK.timeoutMs. */
async function serverAnswers(): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), RECHECK.timeoutMs);
  try {
    await fetch(health.path, { cache: 'no-store', credentials: 'omit', signal: controller.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const pageHidden = (): boolean => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * While offline, checks on RECHECK's schedule until the server answers (which ends offline, so
 * every part reads again); stops when the connection comes back by any other way. Returns the stop.
 */
function recheckWhileOffline(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = 0;
  const check = () => {
    clearTimeout(timer);
    if (!$connection.get().offline) return;
    // No network at all: asking is pointless; the browser's `online` ends it.
    if (browserOffline()) return schedule();
    void serverAnswers().then((answered) => {
      // Only the answer ends offline: what is on screen is no newer (shownAt is the parts' to set).
      if (!answered) return;
      confirmedAt = Date.now();
      setOffline(false);
    });
    done++;
    schedule();
  };
  const schedule = () => {
    clearTimeout(timer);
    if (!$connection.get().offline) return;
    timer = setTimeout(check, pageHidden() ? RECHECK.hiddenMs : recheckDelay(done));
  };
  const follow = ({ offline }: ConnectionState) => {
    if (!offline) {
      clearTimeout(timer);
      timer = undefined;
      done = 0;
    } else if (timer === undefined) schedule();
  };
  const onVisibility = () => {
    if (!$connection.get().offline) return;
    if (pageHidden()) schedule();
    else check();
  };
  follow($connection.get());
  const unlisten = $connection.listen(follow);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    unlisten();
    document.removeEventListener('visibilitychange', onVisibility);
    clearTimeout(timer);
  };
}

/** Tests: a fresh page. */
export function resetConnectionForTests(): void {
  confirmedAt = 0;
  verifying = false;
  $connection.set({ offline: false, shownAt: null, backOnline: 0 });
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
  const stopChecks = recheckWhileOffline();
  return () => {
    stopChecks();
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
});
