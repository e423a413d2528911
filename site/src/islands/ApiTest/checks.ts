import { GEOCODING_MESSAGES } from '../../../../contract/location.ts';
import type { GeocodeFailure, ReverseGeocodeResponse } from '../../../../contract/location.ts';

/** Maps key format (docs/PRODUCT.md "Diagnostic pages"): non-empty, prefix AIza, at least 30 characters. */
export const KEY_PREFIX = 'AIza';
export const KEY_MIN_LENGTH = 30;
export const KEY_MESSAGES = {
  empty: 'API key is empty',
  invalid: 'API key format is invalid',
  short: 'API key appears to be too short',
  ok: 'API key format looks valid',
  failed: (reason: string) => `API key validation failed: ${reason}`,
} as const;

/** The reason the key fails the format check, or null when it passes. */
export function keyProblem(key: string): string | null {
  const k = key.trim();
  if (k === '') return KEY_MESSAGES.empty;
  if (!k.startsWith(KEY_PREFIX)) return KEY_MESSAGES.invalid;
  if (k.length < KEY_MIN_LENGTH) return KEY_MESSAGES.short;
  return null;
}

/** Google's status for the server's fallback reason (what Google answered, as far as it is known). */
export const GOOGLE_STATUS: Record<GeocodeFailure, string> = {
  no_address: 'OK',
  zero_results: 'ZERO_RESULTS',
  quota: 'OVER_QUERY_LIMIT',
  invalid_request: 'INVALID_REQUEST',
  timeout: 'TIMEOUT',
  billing: 'REQUEST_DENIED',
  api_key: 'REQUEST_DENIED',
  network: 'NETWORK_ERROR',
  http: 'HTTP_ERROR',
  api_error: 'UNKNOWN_ERROR',
};

export interface MapsVerdict {
  working: boolean;
  /** The wording the diagnostics show (docs/PRODUCT.md "Diagnostic pages"). */
  text: string;
  billingDisabled: boolean;
  apiStatus: string;
  apiError: string | null;
}

/**
 * What the server's answer says about Google Maps (docs/PRODUCT.md "Diagnostic pages"): OK is working;
 * REQUEST_DENIED is not, with its message (billing counted as disabled when it mentions billing);
 * OVER_QUERY_LIMIT is 'API quota exceeded'; HTTP failures 'HTTP error: …'; others 'API error: {status}'.
 */
export function mapsVerdict(answer: ReverseGeocodeResponse): MapsVerdict {
  if (answer.location.source === 'google') {
    return {
      working: true,
      text: 'Google Maps API is working',
      billingDisabled: false,
      apiStatus: 'OK',
      apiError: null,
    };
  }
  if (!answer.reason) {
    return {
      working: false,
      text: 'No Google Maps key is configured on the server: the city is detected from the coordinates.',
      billingDisabled: false,
      apiStatus: 'NOT_CONFIGURED',
      apiError: null,
    };
  }
  const status = GOOGLE_STATUS[answer.reason];
  const notice = answer.notice ?? null;
  const billing = answer.reason === 'billing' || /billing/i.test(notice ?? '');
  const text =
    status === 'REQUEST_DENIED'
      ? `Google Maps API is not working: ${notice ?? status}`
      : answer.reason === 'quota'
        ? 'API quota exceeded'
        : answer.reason === 'http'
          ? (notice ?? GEOCODING_MESSAGES.http(0, ''))
          : GEOCODING_MESSAGES.other(status) + (notice ? ` (${notice})` : '');
  return { working: false, text, billingDisabled: billing, apiStatus: status, apiError: notice };
}
