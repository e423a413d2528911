import { timeBetween } from '../../../contract/dates.ts';
/**
 * Connectivity probe (docs/PRODUCT.md "Plain words"): HEAD /favicon.ico, never cached, aborted after
 * 5 s; a good connection means an ok answer in under 3000 ms.
 */
export interface ConnectivityResult {
  isOnline: boolean;
  hasGoodConnection: boolean;
  /** Milliseconds until the answer (or until the failure). */
  latency: number;
}

export const PROBE_TIMEOUT_MS = 5000;
export const GOOD_LATENCY_MS = 3000;

export async function probeConnectivity(): Promise<ConnectivityResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  const started = Date.now();
  try {
    const response = await fetch('/favicon.ico', { method: 'HEAD', cache: 'no-store', signal: controller.signal });
    const latency = timeBetween(started, Date.now());
    return { isOnline: response.ok, hasGoodConnection: response.ok && latency < GOOD_LATENCY_MS, latency };
  } catch {
    return { isOnline: false, hasGoodConnection: false, latency: timeBetween(started, Date.now()) };
  } finally {
    clearTimeout(timer);
  }
}
