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
  /** "14:05" (GMT) when the last refresh finished. */
  doneAt: string | null;
}
export const $refresh = atom<RefreshState>({ running: false, doneAt: null });

let inFlight = 0;
/** A load started since the refresh began: until one has, the refresh is not done. */
let startedSinceRefresh = false;

export function refreshData(): void {
  startedSinceRefresh = false;
  $refresh.set({ running: true, doneAt: null });
  $refreshCount.set($refreshCount.get() + 1);
}

/** A data hook's request started; call the answer when it settled or was dropped (once is enough). */
export function loadStarted(clock: () => Date = () => new Date()): () => void {
  inFlight += 1;
  if ($refresh.get().running) startedSinceRefresh = true;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    inFlight -= 1;
    if (inFlight === 0 && startedSinceRefresh && $refresh.get().running)
      $refresh.set({ running: false, doneAt: clockTime(clock()) });
  };
}
