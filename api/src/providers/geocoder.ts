import { GEOCODING, GEOCODING_MESSAGES, type GeocodeFailure } from '../../../contract/location.ts';
import { addTime, DAY_MS } from '../../../contract/dates.ts';
import type { Clock } from '../clock.ts';
import {
  type BoundsOverrides,
  boundsFor,
  defaultErrorVerdict,
  ProviderRefusedError,
  rethrowIfInTransaction,
} from './bounds.ts';
import { type FetchLike, providerHttp } from './http-client.ts';
import type { ProviderObserver } from './provider-observer.ts';

/**
 * Reverse geocoding through Google's geocoding API (docs/PRODUCT.md "Location"): real
 * HTTP from the server, so the key never reaches the browser. 10 s per request, up to 3 attempts,
 * waiting 1 s × 2^n between them (2 s × 2^n after OVER_QUERY_LIMIT); REQUEST_DENIED mentioning
 * billing stops all calls for 5 minutes.
 */
export interface Geocoder {
  /** Resolves with Google's address, or rejects with a GeocodeError. */
  reverse(lat: number, lng: number): Promise<GeocodeResult>;
}

export interface GeocodeResult {
  address: string;
  /** The locality (else district or region) Google names; null when it names none. */
  city: string | null;
}

export class GeocodeError extends Error {
  override name = 'GeocodeError';
  readonly code: GeocodeFailure;
  /** Google's error_message or the transport's error code, for logs (never contains the key). */
  readonly detail: string | undefined;
  constructor(code: GeocodeFailure, message: string, detail?: string) {
    super(message);
    this.code = code;
    this.detail = detail;
  }
}

export interface GoogleMapsConfig {
  apiKey: string;
  apiBase: string;
}

export interface GoogleGeocoderOptions extends Omit<BoundsOverrides, 'clock'> {
  apiKey: string;
  apiBase?: string;
  fetch?: FetchLike;
  clock: Clock;
  /** Waits between attempts; tests pass one that records the delay and returns at once. */
  sleep?: (ms: number) => Promise<void>;
}

interface GoogleComponent {
  long_name?: unknown;
  types?: unknown;
}
interface GoogleResult {
  formatted_address?: unknown;
  address_components?: unknown;
}
interface GoogleBody {
  status?: unknown;
  error_message?: unknown;
  results?: unknown;
}

/** One attempt's outcome: an address, or an error, retried after `retryBaseMs × 2^n` when set. */
type Attempt = { ok: true; result: GeocodeResult } | { ok: false; error: GeocodeError; retryBaseMs?: number };

/** Plain decimals for Google: String(3e-7) would be '3e-7' (coordinates near the prime meridian at Tema). */
const decimal = (n: number) => (/e/i.test(String(n)) ? n.toFixed(7) : String(n));

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const CITY_TYPES = ['locality', 'administrative_area_level_2', 'administrative_area_level_1'];

function cityOf(result: GoogleResult): string | null {
  const components = Array.isArray(result.address_components) ? (result.address_components as GoogleComponent[]) : [];
  for (const type of CITY_TYPES) {
    const found = components.find((c) => Array.isArray(c?.types) && (c.types as unknown[]).includes(type));
    if (found && typeof found.long_name === 'string' && found.long_name.trim()) return found.long_name.trim();
  }
  return null;
}

/** The transport's error code (ECONNREFUSED, UND_ERR_SOCKET…) without URLs, which carry the key. */
function transportCode(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown } })?.cause;
  return typeof cause?.code === 'string' ? cause.code : ((err as Error)?.name ?? 'Error');
}

export function googleGeocoder(options: GoogleGeocoderOptions): Geocoder & { blockedUntil(): Date | null } {
  const { apiKey, clock } = options;
  const apiBase = (options.apiBase ?? 'https://maps.googleapis.com').replace(/\/$/, '');
  const { apiKey: _key, apiBase: _base, fetch: _fetch, clock: _clock, sleep: _sleep, ...overrides } = options;
  // The bounds keep real time: the clock here is the app's, which tests hold still.
  const http = providerHttp({
    ...boundsFor('geocoder', { timeoutMs: GEOCODING.timeoutMs, ...overrides }),
    fetch: options.fetch,
  });
  const sleep = options.sleep ?? realSleep;
  let blockedUntilMs = 0;

  const billingBlocked = () => clock.now().getTime() < blockedUntilMs;

  async function attempt(lat: number, lng: number): Promise<Attempt> {
    const url = `${apiBase}/maps/api/geocode/json?${new URLSearchParams({ latlng: `${decimal(lat)},${decimal(lng)}`, key: apiKey })}`;
    let response: Awaited<ReturnType<typeof http.request>>;
    let body: GoogleBody;
    try {
      response = await http.request(url, { headers: { Accept: 'application/json' } });
      body = response.json<GoogleBody>();
    } catch (err) {
      rethrowIfInTransaction(err);
      if (err instanceof ProviderRefusedError) {
        // The circuit is open or every place is taken: asking again at once would be refused too.
        return { ok: false, error: new GeocodeError('network', GEOCODING_MESSAGES.network, err.name) };
      }
      if (defaultErrorVerdict(err) === 'timeout') {
        // Not retried: three more 10 s waits would outlast the browser's own time-out.
        return { ok: false, error: new GeocodeError('timeout', GEOCODING_MESSAGES.timeout) };
      }
      return {
        ok: false,
        error: new GeocodeError('network', GEOCODING_MESSAGES.network, transportCode(err)),
        retryBaseMs: GEOCODING.backoffBaseMs,
      };
    }

    if (response.status === 429) {
      return {
        ok: false,
        error: new GeocodeError('quota', GEOCODING_MESSAGES.quota, 'HTTP 429'),
        retryBaseMs: GEOCODING.backoffBaseMs,
      };
    }
    if (!response.ok) {
      const error = new GeocodeError('http', GEOCODING_MESSAGES.http(response.status, response.statusText));
      // Google's 5xx are transient; other 4xx will not change on a retry.
      return response.status >= 500 ? { ok: false, error, retryBaseMs: GEOCODING.backoffBaseMs } : { ok: false, error };
    }

    const status = typeof body.status === 'string' ? body.status : 'INVALID_RESPONSE';
    const detail = typeof body.error_message === 'string' ? body.error_message : undefined;
    switch (status) {
      case 'OK': {
        const first = Array.isArray(body.results) ? (body.results[0] as GoogleResult | undefined) : undefined;
        if (!first || typeof first.formatted_address !== 'string' || !first.formatted_address.trim()) {
          return { ok: false, error: new GeocodeError('no_address', GEOCODING_MESSAGES.noAddress) };
        }
        return { ok: true, result: { address: first.formatted_address.trim(), city: cityOf(first) } };
      }
      case 'ZERO_RESULTS':
        return { ok: false, error: new GeocodeError('zero_results', GEOCODING_MESSAGES.zeroResults) };
      case 'OVER_QUERY_LIMIT':
        return {
          ok: false,
          error: new GeocodeError('quota', GEOCODING_MESSAGES.quota, detail),
          retryBaseMs: GEOCODING.quotaBackoffBaseMs,
        };
      case 'INVALID_REQUEST':
        return { ok: false, error: new GeocodeError('invalid_request', GEOCODING_MESSAGES.invalidCoordinates, detail) };
      case 'REQUEST_DENIED':
        if (detail && /billing/i.test(detail)) {
          blockedUntilMs = addTime(clock.now(), { ms: GEOCODING.billingBlockMs }).getTime();
          return { ok: false, error: new GeocodeError('billing', GEOCODING_MESSAGES.billing, detail) };
        }
        return { ok: false, error: new GeocodeError('api_key', GEOCODING_MESSAGES.apiKey, detail) };
      case 'UNKNOWN_ERROR':
        // Google: "the request may succeed if you try again".
        return {
          ok: false,
          error: new GeocodeError('api_error', GEOCODING_MESSAGES.other(status), detail),
          retryBaseMs: GEOCODING.backoffBaseMs,
        };
      default:
        return { ok: false, error: new GeocodeError('api_error', GEOCODING_MESSAGES.other(status), detail) };
    }
  }

  return {
    blockedUntil: () => (billingBlocked() ? new Date(blockedUntilMs) : null),

    async reverse(lat, lng) {
      if (billingBlocked()) throw new GeocodeError('billing', GEOCODING_MESSAGES.billing, 'billing block in force');
      for (let n = 0; ; n++) {
        const outcome = await attempt(lat, lng);
        if (outcome.ok) return outcome.result;
        if (outcome.retryBaseMs === undefined || n + 1 >= GEOCODING.maxAttempts) throw outcome.error;
        await sleep(outcome.retryBaseMs * 2 ** n);
      }
    },
  };
}

/** Google when a key is configured, else null (callers then detect the city from coordinates). */
export function geocoderFromConfig(
  googleMaps: GoogleMapsConfig | null | undefined,
  clock: Clock,
  observer?: ProviderObserver,
): Geocoder | null {
  return googleMaps
    ? googleGeocoder({ apiKey: googleMaps.apiKey, apiBase: googleMaps.apiBase, clock, observer })
    : null;
}

/** About 11 m: a phone asking again from the same spot gets the same answer. */
const CACHE_DECIMALS = 4;
const CACHE_ENTRIES = 5000;
const CACHE_MS = DAY_MS;

/**
 * `geocoder` with its answers kept for a day per spot (coordinates rounded to 4 decimals), at
 * most 5,000 of them, oldest dropped first: each Google answer costs quota.
 * Failures are not kept, so the next request tries Google again.
 */
export function withAnswerCache(geocoder: Geocoder, clock: Clock): Geocoder {
  const answers = new Map<string, { result: GeocodeResult; until: number }>();
  return {
    async reverse(lat, lng) {
      const key = `${lat.toFixed(CACHE_DECIMALS)},${lng.toFixed(CACHE_DECIMALS)}`;
      const now = clock.now();
      const kept = answers.get(key);
      if (kept && kept.until > now.getTime()) return kept.result;
      const result = await geocoder.reverse(lat, lng);
      answers.delete(key);
      answers.set(key, { result, until: addTime(now, { ms: CACHE_MS }).getTime() });
      if (answers.size > CACHE_ENTRIES) answers.delete(answers.keys().next().value!);
      return result;
    },
  };
}
