import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useLoad, type Load } from '../../lib/load.ts';
import { adminGet } from '../../stores/admin-session.ts';
import { $refreshCount, loadStarted } from './refresh.ts';
import { loadFailureText } from './failures.ts';

/**
 * GET `path` with the admin token; reloads when the path changes, on Refresh Data, and on `retry()`.
 * A failure is shown as such (with a retry), never replaced by sample data. While a new
 * page or search loads, the previous rows stay on screen (`stale`) so the table does not jump.
 * `seed`: data already fetched (the guard's stats), shown at first instead of asking again.
 */
export function useAdminData<T>(
  path: string,
  what: string,
  seed?: T,
): { load: Load<T>; stale: boolean; retry: () => void } {
  const refreshes = useStore($refreshCount);
  const { load, pending, retry, refresh } = useLoad<T>(
    `${path} ${what}`,
    ({ signal }) => {
      // Refresh Data says "done" once every read it started has settled (or was dropped).
      const settled = loadStarted();
      signal.addEventListener('abort', () => settled(true));
      return adminGet<T>(path, signal).then(
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
    { failure: (error) => loadFailureText(what, error), seed, keepShown: true },
  );
  // Refresh Data (a new count since this part last saw it): read again, keeping what is shown if the
  // read fails (the header says so). Noted while rendering, so that only Refresh Data starts this read.
  const [seenRefreshes, setSeenRefreshes] = useState(refreshes);
  if (refreshes !== seenRefreshes) {
    setSeenRefreshes(refreshes);
    refresh();
  }
  return { load, stale: pending, retry };
}
