import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { adminGet } from '../../stores/admin-session.ts';
import { $refreshCount, loadStarted } from './refresh.ts';
import { loadFailureText } from './failures.ts';

export type Load<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; data: T };

/**
 * GET `path` with the admin token; reloads when the path changes, on Refresh Data, and on `retry()`.
 * A failure is shown as such (with a retry), never replaced by sample data (issue #6). While a new
 * page or search loads, the previous rows stay on screen (`stale`) so the table does not jump.
 * `seed`: data already fetched (the guard's stats), shown at first instead of asking again.
 */
export function useAdminData<T>(path: string, what: string, seed?: T): { load: Load<T>; stale: boolean; retry: () => void } {
  const refreshes = useStore($refreshCount);
  const [retries, setRetries] = useState(0);
  const [load, setLoad] = useState<Load<T>>(seed === undefined ? { state: 'loading' } : { state: 'loaded', data: seed });
  const [stale, setStale] = useState(false);
  const seeded = useRef(seed !== undefined);
  useEffect(() => {
    if (seeded.current) {
      seeded.current = false;
      return;
    }
    const controller = new AbortController();
    const settled = loadStarted();
    setStale(true);
    setLoad((current) => (current.state === 'loaded' ? current : { state: 'loading' }));
    adminGet<T>(path, controller.signal).then(
      (data) => {
        settled();
        if (controller.signal.aborted) return;
        setLoad({ state: 'loaded', data });
        setStale(false);
      },
      (error: unknown) => {
        settled();
        if (controller.signal.aborted) return;
        setLoad({ state: 'failed', message: loadFailureText(what, error) });
        setStale(false);
      },
    );
    return () => {
      settled();
      controller.abort();
    };
  }, [path, what, refreshes, retries]);
  return { load, stale, retry: () => setRetries((n) => n + 1) };
}
