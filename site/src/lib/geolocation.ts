/**
 * Browser geolocation with the policy of docs/PRODUCT.md "Location": high accuracy,
 * 10 s time-out, a cached position up to 5 minutes old; up to 3 retries 2 s × attempt apart, except
 * when permission is denied. No React here: the location store calls it, tests pass a fake.
 */
import {
  GEOLOCATION,
  GEOLOCATION_MESSAGES,
  GEOLOCATION_POSITION_OPTIONS,
  geolocationRetryDelayMs,
} from '../../../contract/location.ts';

/** The part of navigator.geolocation used here (a fake in tests). */
export interface GeolocationLike {
  getCurrentPosition(
    success: (position: { coords: { latitude: number; longitude: number; accuracy?: number } }) => void,
    error: (error: { code: number; message?: string }) => void,
    options?: { enableHighAccuracy?: boolean; timeout?: number; maximumAge?: number },
  ): void;
}

/** GeolocationPositionError codes. */
export const PERMISSION_DENIED = 1;
export const POSITION_UNAVAILABLE = 2;
export const TIMEOUT = 3;

export type PositionResult =
  | { ok: true; coords: { lat: number; lng: number } }
  | { ok: false; message: string; retried: number };

export interface AcquireOptions {
  /** Called before each retry with its number (1..3), for "Retrying... (n/3)". */
  onRetry?: (attempt: number) => void;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The message for a failed attempt (docs/PRODUCT.md "Location"). */
export function geolocationErrorMessage(error: { code: number; message?: string }): string {
  if (error.code === PERMISSION_DENIED) return GEOLOCATION_MESSAGES.permissionDenied;
  if (error.code === POSITION_UNAVAILABLE) return GEOLOCATION_MESSAGES.positionUnavailable;
  if (error.code === TIMEOUT) return GEOLOCATION_MESSAGES.timeout;
  if (error.message && /network/i.test(error.message)) return GEOLOCATION_MESSAGES.network;
  return GEOLOCATION_MESSAGES.other;
}

function once(geo: GeolocationLike): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    try {
      geo.getCurrentPosition(
        (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
        (error) => reject(error),
        { ...GEOLOCATION_POSITION_OPTIONS },
      );
    } catch (error) {
      reject({ code: 0, message: error instanceof Error ? error.message : String(error) });
    }
  });
}

/** The device's position, or the message to show once every allowed attempt has failed. */
export async function acquirePosition(
  geo: GeolocationLike | null | undefined,
  options: AcquireOptions = {},
): Promise<PositionResult> {
  if (!geo || typeof geo.getCurrentPosition !== 'function') {
    return { ok: false, message: GEOLOCATION_MESSAGES.notSupported, retried: 0 };
  }
  const sleep = options.sleep ?? realSleep;
  for (let attempt = 0; ; attempt++) {
    try {
      return { ok: true, coords: await once(geo) };
    } catch (raw) {
      const error = (typeof raw === 'object' && raw !== null ? raw : { code: 0 }) as { code: number; message?: string };
      if (error.code === PERMISSION_DENIED || attempt >= GEOLOCATION.maxRetries) {
        return { ok: false, message: geolocationErrorMessage(error), retried: attempt };
      }
      const next = attempt + 1;
      options.onRetry?.(next);
      await sleep(geolocationRetryDelayMs(next));
    }
  }
}

/** navigator.geolocation where there is one. */
export function browserGeolocation(): GeolocationLike | null {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator ? navigator.geolocation : null;
}
