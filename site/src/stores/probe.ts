import { atom, onMount } from 'nanostores';
import { type ConnectivityResult, probeConnectivity } from '../lib/connectivity.ts';

export type ProbeStatus = 'checking' | 'online' | 'offline';

/**
 * The connection as the error screen shows it (ui/NetworkErrorScreen.tsx): probed when the screen
 * first watches it and on each retry; the browser's `offline` says so at once.
 */
export const $probe = atom<{ status: ProbeStatus; result: ConnectivityResult | null }>({
  status: 'checking',
  result: null,
});

/** Probes the connection again. */
export async function probe(): Promise<void> {
  $probe.set({ ...$probe.get(), status: 'checking' });
  const result = await probeConnectivity();
  $probe.set({ status: result.isOnline ? 'online' : 'offline', result });
}

onMount($probe, () => {
  void probe();
  const offline = () => $probe.set({ ...$probe.get(), status: 'offline' });
  window.addEventListener('offline', offline);
  return () => window.removeEventListener('offline', offline);
});
