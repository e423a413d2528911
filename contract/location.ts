// zod/mini: the contract ships to phones (ARCHITECTURE "Browser").
import * as z from 'zod/mini';
import { lengthFirst } from './bounded.ts';
import { MINUTE_MS } from './dates.ts';
import { json, route } from './route.ts';

/**
 * Location: browser geolocation constants and messages, and the server's reverse geocoding
 * (docs/PRODUCT.md "Location": geolocation and geocoding constants).
 */

/** Where a user is put when geolocation fails (docs/PRODUCT.md "Location"). */
export const DEFAULT_LOCATION = {
  lat: 5.6037,
  lng: -0.187,
  city: 'Accra',
  address: 'Accra, Ghana (Default Location)',
} as const;

/** Browser geolocation (docs/PRODUCT.md "Location"): high accuracy, 10 s timeout, cached position up to 5 min, 3 retries 2 s × attempt. */
export const GEOLOCATION = {
  enableHighAccuracy: true,
  timeoutMs: 10_000,
  maximumAgeMs: 5 * MINUTE_MS,
  maxRetries: 3,
  retryDelayMsPerAttempt: 2_000,
  /** One retry after 2 s when the reverse-geocoding call fails on the network. */
  geocodeNetworkRetryDelayMs: 2_000,
} as const;

/** Delay before retry number `attempt` (1, 2, 3): 2 s, 4 s, 6 s. */
export const geolocationRetryDelayMs = (attempt: number): number => GEOLOCATION.retryDelayMsPerAttempt * attempt;

/** Options for navigator.geolocation.getCurrentPosition. */
export const GEOLOCATION_POSITION_OPTIONS = {
  enableHighAccuracy: GEOLOCATION.enableHighAccuracy,
  timeout: GEOLOCATION.timeoutMs,
  maximumAge: GEOLOCATION.maximumAgeMs,
} as const;

/**
 * Geolocation errors (docs/PRODUCT.md "Location"). The texts are kept word for word from the app
 * this one replaces; the first three say what each failure lists.
 */
export const GEOLOCATION_MESSAGES = {
  /** No retry. */
  permissionDenied:
    'Location access was denied. Please allow location access for this site, check your device settings, and refresh the page.',
  /** Retried. */
  positionUnavailable:
    'Your location is unavailable. This can be caused by a poor GPS signal, network problems, or disabled location services.',
  /** Retried. */
  timeout:
    'Getting your location took too long. This can be caused by a weak GPS signal, a slow network, or device performance.',
  other: 'Unable to get your location. Please check your device settings and try again.',
  network: 'Network connection issues. Please check your internet connection and try again.',
  notSupported: 'Location services not supported by your browser or device.',
  /** Follows any of the above once retries are over; the location becomes DEFAULT_LOCATION. */
  usingDefault: 'Using Accra as your default location. You can still browse all professionals.',
  /** Instead of usingDefault when the account names a city of ours: search from there, not Accra. */
  usingHomeCity: (city: string) =>
    `Using ${city}, your city, as your location. You can still browse all professionals.`,
} as const;

/** 'Retrying... (n/3)' while geolocation retries. */
export const geolocationRetryingMessage = (attempt: number): string =>
  `Retrying... (${attempt}/${GEOLOCATION.maxRetries})`;

/** The header's live location indicator (docs/PRODUCT.md "Location"). */
export const LOCATION_INDICATOR = {
  loading: 'Getting location...',
  unavailable: 'Location unavailable',
  live: 'Live',
  /** "{city}, Ghana" */
  city: (city: string) => `${city}, Ghana`,
  /** The default city, used when the device gave no position: said calmly, not as an error. */
  defaulted: (city: string) => `${city}, Ghana (default)`,
  /** The account's own city, used when the device gave no position. */
  homeCity: (city: string) => `${city} (your city)`,
} as const;

/** Server-side reverse geocoding through Google's geocoding API (docs/PRODUCT.md "Location"). */
export const GEOCODING = {
  timeoutMs: 10_000,
  maxAttempts: 3,
  /** Delay before the next attempt: base × 2^n, n = 0 after the first failure. */
  backoffBaseMs: 1_000,
  quotaBackoffBaseMs: 2_000,
  billingBlockMs: 5 * MINUTE_MS,
} as const;

/** Reverse geocoding messages (docs/PRODUCT.md "Location"); the route returns them as `notice` when it falls back. */
export const GEOCODING_MESSAGES = {
  noAddress: 'No address found for coordinates',
  zeroResults: 'No address found for the provided coordinates',
  quota: 'Google Maps API quota exceeded',
  invalidCoordinates: 'Invalid coordinates provided',
  timeout: 'Request timed out. Please check your internet connection.',
  /** REQUEST_DENIED mentioning billing: Google is not asked again for 5 minutes. */
  billing: 'Google Maps API billing is not enabled. Location is detected from your coordinates.',
  /** REQUEST_DENIED otherwise. */
  apiKey: 'Google Maps API key error. Location is detected from your coordinates.',
  network: 'Unable to reach Google Maps. Please check your internet connection.',
  http: (status: number, text: string) => `HTTP error: ${status} ${text}`.trim(),
  other: (status: string) => `API error: ${status}`,
} as const;

export type GeocodeFailure =
  | 'no_address'
  | 'zero_results'
  | 'quota'
  | 'invalid_request'
  | 'timeout'
  | 'billing'
  | 'api_key'
  | 'network'
  | 'http'
  | 'api_error';

// Decimal numbers as JavaScript prints them (String(1e-7) is '1e-7', near the prime meridian at Tema).
const coordinate = (min: number, max: number) =>
  z.pipe(
    z.string({ error: GEOCODING_MESSAGES.invalidCoordinates }).check(
      z.trim(),
      // Length before the pattern: \d+\.?\d* backtracks quadratically on a long run of digits.
      lengthFirst(40, GEOCODING_MESSAGES.invalidCoordinates),
      z.regex(/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i, GEOCODING_MESSAGES.invalidCoordinates),
    ),
    z
      .transform(Number)
      .check(z.refine((n) => Number.isFinite(n) && n >= min && n <= max, GEOCODING_MESSAGES.invalidCoordinates)),
  );

/** GET /api/location/reverse?lat=&lng= — every problem reads 'Invalid coordinates provided'. */
export const reverseGeocodeQuerySchema = z.object({ lat: coordinate(-90, 90), lng: coordinate(-180, 180) });

export type ReverseGeocodeQuery = z.output<typeof reverseGeocodeQuerySchema>;

/** Where a position is (docs/PRODUCT.md "Location"), plus where it came from. */
export interface LocationResult {
  coordinates: { lat: number; lng: number };
  address: string;
  city: string;
  /** google: Google's address; fallback: the city detected from the coordinates. */
  source: 'google' | 'fallback';
}

export interface ReverseGeocodeResponse {
  success: true;
  location: LocationResult;
  /** Present when Google was asked and failed: the plain words for the failure (docs/PRODUCT.md "Location"). */
  notice?: string;
  /** Present with `notice`. */
  reason?: GeocodeFailure;
}

/** The address at a position: Google's when configured and answering, else the city detected from the coordinates. */
export const lookUpAddress = route({
  method: 'GET',
  path: '/api/location/reverse',
  query: reverseGeocodeQuerySchema,
  caller: 'signed-in',
  answer: json<ReverseGeocodeResponse>(),
  summary: 'The address at a position (latitude and longitude), or the city when no address can be had.',
});
