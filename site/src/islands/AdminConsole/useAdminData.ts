import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import type { AnswerOf, CallInput, Route } from '../../../../contract/route.ts';
import { withRetry } from '../../lib/api.ts';
import { routeUrl } from '../../lib/call.ts';
import type { Load } from '../../lib/load.ts';
import { adminCall } from '../../stores/admin-session.ts';
import { type LoadStore, loadStore } from '../../stores/load-store.ts';
import { $refreshCount, loadStarted } from './refresh.ts';
import { loadFailureText } from './failures.ts';

/**
 * The admin tables' reads, one store per address (as stores/load-store.ts `loadStores`, keyed by
 * `routeUrl`: a route is no JSON), with the admin token and lib/api.ts `withRetry`.
 * Refresh Data says "done" once every read it started has settled (or was dropped).
 */
const adminReads = new Map<string, LoadStore<unknown>>();

function adminRead<R extends Route>(route: R, input: CallInput<R>, what: string): LoadStore<AnswerOf<R>> {
  const key = routeUrl(route, input);
  let store = adminReads.get(key);
  if (!store) {
    store = loadStore<unknown>(
      (signal) => {
        const settled = loadStarted();
        signal.addEventListener('abort', () => settled(true));
        return withRetry(() => adminCall(route, input, { signal }), signal).then(
          (data) => {
            settled(true);
            return data;
          },
          (error: unknown) => {
            settled(false);
            throw error;
          },
        );
      },
      { failure: (error: unknown) => loadFailureText(what, error), retries: false },
    );
    adminReads.set(key, store);
  }
  return store as LoadStore<AnswerOf<R>>;
}

/**
 * GET `route` with `input` and the admin token; read when shown, on Refresh Data, and on `retry()`. A failure
 * is shown as such (with a retry), never replaced by sample data. While a new page or search
 * loads, the previous rows stay on screen (`stale`) so the table does not jump.
 * `seed`: data already fetched (the guard's stats), shown at first instead of asking again.
 */
export function useAdminData<R extends Route, T extends AnswerOf<R> = AnswerOf<R>>(
  route: R,
  input: CallInput<R>,
  what: string,
  seed?: T,
): { load: Load<T>; stale: boolean; retry: () => void } {
  const store = adminRead(route, input, what) as unknown as LoadStore<T>;
  const shownBefore = store.$load.value.state === 'loaded';
  if (seed !== undefined && store.$load.value.state === 'loading' && !store.$pending.value) store.took(seed);
  // A part shown again (a dialog reopened at once) reads again: its store may have stayed mounted
  // in between (nanostores waits a moment before unmounting), so its own first read would not run.
  useState(() => {
    if (shownBefore) void store.refresh();
    return null;
  });
  const load = useStore(store.$load) as Load<T>;
  const pending = useStore(store.$pending);
  // The rows last shown, whatever their address: shown while another page or search loads.
  const shown = useRef<Load<T> | null>(null);
  if (load.state === 'loaded') shown.current = load;
  const refreshes = useStore($refreshCount);
  // Refresh Data (a new count since this part last saw it): read again, keeping what is shown if the
  // read fails (the header says so). Noted while rendering, so that only Refresh Data starts this read.
  const [seenRefreshes, setSeenRefreshes] = useState(refreshes);
  if (refreshes !== seenRefreshes) {
    setSeenRefreshes(refreshes);
    void store.refresh();
  }
  const keptShown = load.state === 'loading' && shown.current !== null;
  return {
    load: keptShown && shown.current ? shown.current : load,
    stale: pending || keptShown,
    retry: () => void store.retry(),
  };
}
