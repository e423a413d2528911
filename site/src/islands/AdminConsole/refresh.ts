import { atom } from 'nanostores';
import { clockTime } from '../../../../contract/dates.ts';

/**
 * Refresh Data (docs/PRODUCT.md "Administrators"). Rather than reloading the page, every open tab fetches its data
 * again instead (no page, script or style download on a slow line). Each data hook reads
 * $refreshCount and reports its requests here, so the header can say when the refresh is done.
 */
export const $refreshCount = atom(0);

export interface RefreshState {
  running: boolean;
  /** "14:05" (GMT) when the last refresh finished with every read answered. */
  doneAt: string | null;
  /** A read of the last refresh failed: what is shown is older (its part keeps it and says why). */
  failed: boolean;
}
export const $refresh = atom<RefreshState>({ running: false, doneAt: null, failed: false });

let inFlight = 0;
/** A load started since the refresh began: until one has, the refresh is not done. */
let startedSinceRefresh = false;
let failedSinceRefresh = false;

export function refreshData(): void {
  startedSinceRefresh = false;
  failedSinceRefresh = false;
  $refresh.set({ running: true, doneAt: null, failed: false });
  $refreshCount.set($refreshCount.get() + 1);
}

/**
 * A data hook's request started; call the answer with `true` when it was answered or dropped, with
 * `false` when it failed (once is enough).
 */
export function loadStarted(clock: () => Date = () => new Date()): (ok: boolean) => void {
  inFlight += 1;
  if ($refresh.get().running) startedSinceRefresh = true;
  let done = false;
  return (ok) => {
    if (done) return;
    done = true;
    inFlight -= 1;
    if (!ok && $refresh.get().running) failedSinceRefresh = true;
    if (inFlight === 0 && startedSinceRefresh && $refresh.get().running)
      $refresh.set(
        failedSinceRefresh
          ? { running: false, doneAt: null, failed: true }
          : { running: false, doneAt: clockTime(clock()), failed: false },
      );
  };
}
