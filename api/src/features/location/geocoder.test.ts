import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GEOCODING, GEOCODING_MESSAGES } from '../../../../contract/location.ts';
import { fixedClock } from '../../clock.ts';
import { createLogger } from '../../logger.ts';
import { GeocodeError, geocoderFromConfig, googleGeocoder, withAnswerCache } from '../../providers/geocoder.ts';
import {
  BILLING_MESSAGE,
  INVALID_KEY_MESSAGE,
  OSU_ADDRESS,
  startFakeGeocoder,
  type FakeGeocoder,
} from '../../../test/fake-geocoder.ts';
import { reverseGeocode } from './service.ts';

const OSU = { lat: 5.5571, lng: -0.1818 };
const FIVE_MINUTES = 5 * 60_000;

let fake: FakeGeocoder;
beforeAll(async () => {
  fake = await startFakeGeocoder();
});
afterAll(async () => {
  await fake.close();
});

/** A geocoder on the fake with a recording sleep and a clock the test moves. */
function setup(options: { timeoutMs?: number; apiBase?: string } = {}) {
  const delays: number[] = [];
  const clock = fixedClock(new Date('2026-11-22T09:00:00Z'));
  const geocoder = googleGeocoder({
    apiKey: fake.apiKey,
    apiBase: options.apiBase ?? fake.apiBase,
    clock,
    sleep: async (ms) => {
      delays.push(ms);
    },
    timeoutMs: options.timeoutMs,
  });
  return { geocoder, delays, clock };
}

async function failure(promise: Promise<unknown>): Promise<GeocodeError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GeocodeError);
  return err as GeocodeError;
}

let before = 0;
/** Requests the fake received since the test began. */
const sent = () => fake.requests.slice(before);

beforeEach(() => {
  before = fake.requests.length;
});

describe('googleGeocoder against a local geocoding API', () => {
  it('OK: the first result’s formatted address and its locality, from one GET with latlng and key', async () => {
    const { geocoder, delays } = setup();
    fake.script({ kind: 'ok' });
    expect(await geocoder.reverse(OSU.lat, OSU.lng)).toEqual({ address: OSU_ADDRESS, city: 'Accra' });
    expect(sent()).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/maps/api/geocode/json',
        latlng: '5.5571,-0.1818',
        key: fake.apiKey,
      }),
    ]);
    expect(delays).toEqual([]);
  });

  it('sends plain decimals even for coordinates JavaScript prints with an exponent', async () => {
    const { geocoder } = setup();
    fake.script({ kind: 'ok' });
    await geocoder.reverse(5.67, 3e-7);
    expect(sent()[0].latlng).toBe('5.67,0.0000003');
  });

  it('OK: the city is the locality, else the district, else the region, else null', async () => {
    const { geocoder } = setup();
    fake.script(
      {
        kind: 'ok',
        address: 'A',
        components: [
          { long_name: 'Ga East', types: ['administrative_area_level_2', 'political'] },
          { long_name: 'Greater Accra Region', types: ['administrative_area_level_1'] },
        ],
      },
      {
        kind: 'ok',
        address: 'B',
        components: [{ long_name: 'Ashanti Region', types: ['administrative_area_level_1', 'political'] }],
      },
      { kind: 'ok', address: 'C', components: [{ long_name: 'Ghana', types: ['country'] }] },
    );
    expect(await geocoder.reverse(5.7, -0.2)).toEqual({ address: 'A', city: 'Ga East' });
    expect(await geocoder.reverse(6.9, -1.6)).toEqual({ address: 'B', city: 'Ashanti Region' });
    expect(await geocoder.reverse(7, -1)).toEqual({ address: 'C', city: null });
  });

  it.each([
    [{ kind: 'ok-empty' } as const, 'no_address', 'No address found for coordinates'],
    [
      { kind: 'status', status: 'ZERO_RESULTS' } as const,
      'zero_results',
      'No address found for the provided coordinates',
    ],
    [
      {
        kind: 'status',
        status: 'INVALID_REQUEST',
        errorMessage: "Invalid request. Invalid 'latlng' parameter.",
      } as const,
      'invalid_request',
      'Invalid coordinates provided',
    ],
    [{ kind: 'status', status: 'NOT_A_STATUS' } as never, 'api_error', 'API error: NOT_A_STATUS'],
    [{ kind: 'http', status: 403, body: 'Forbidden' } as const, 'http', 'HTTP error: 403 Forbidden'],
  ])('%o is final after one request: %s', async (answer, code, message) => {
    const { geocoder, delays } = setup();
    fake.script(answer);
    const err = await failure(geocoder.reverse(OSU.lat, OSU.lng));
    expect({ code: err.code, message: err.message }).toEqual({ code, message });
    expect(sent()).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('OVER_QUERY_LIMIT: 3 attempts, waiting 2 s then 4 s, then "Google Maps API quota exceeded"', async () => {
    const { geocoder, delays } = setup();
    const quota = {
      kind: 'status',
      status: 'OVER_QUERY_LIMIT',
      errorMessage: 'You have exceeded your rate-limit for this API.',
    } as const;
    fake.script(quota, quota, quota);
    const err = await failure(geocoder.reverse(OSU.lat, OSU.lng));
    expect([err.code, err.message]).toEqual(['quota', GEOCODING_MESSAGES.quota]);
    expect(err.message).toBe('Google Maps API quota exceeded');
    expect(sent()).toHaveLength(3);
    expect(delays).toEqual([2000, 4000]);
  });

  it('OVER_QUERY_LIMIT then OK: the second attempt’s address after one 2 s wait', async () => {
    const { geocoder, delays } = setup();
    fake.script({ kind: 'status', status: 'OVER_QUERY_LIMIT' }, { kind: 'ok' });
    expect(await geocoder.reverse(OSU.lat, OSU.lng)).toEqual({ address: OSU_ADDRESS, city: 'Accra' });
    expect(sent()).toHaveLength(2);
    expect(delays).toEqual([2000]);
  });

  it('HTTP 429: 3 attempts waiting 1 s then 2 s, then the quota message', async () => {
    const { geocoder, delays } = setup();
    fake.script({ kind: 'http', status: 429 }, { kind: 'http', status: 429 }, { kind: 'http', status: 429 });
    const err = await failure(geocoder.reverse(OSU.lat, OSU.lng));
    expect([err.code, err.message]).toEqual(['quota', 'Google Maps API quota exceeded']);
    expect(sent()).toHaveLength(3);
    expect(delays).toEqual([1000, 2000]);
  });

  it('HTTP 429 then OK: succeeds after one 1 s wait', async () => {
    const { geocoder, delays } = setup();
    fake.script({ kind: 'http', status: 429 }, { kind: 'ok' });
    expect((await geocoder.reverse(OSU.lat, OSU.lng)).address).toBe(OSU_ADDRESS);
    expect(delays).toEqual([1000]);
  });

  it('HTTP 500: retried like a network failure (1 s, 2 s), then "HTTP error: 500 …"', async () => {
    const { geocoder, delays } = setup();
    fake.script({ kind: 'http', status: 500 }, { kind: 'http', status: 500 }, { kind: 'http', status: 500 });
    const err = await failure(geocoder.reverse(OSU.lat, OSU.lng));
    expect([err.code, err.message]).toEqual(['http', 'HTTP error: 500 Internal Server Error']);
    expect(sent()).toHaveLength(3);
    expect(delays).toEqual([1000, 2000]);
  });

  it('UNKNOWN_ERROR (Google: may succeed if you try again): retried, then OK', async () => {
    const { geocoder, delays } = setup();
    fake.script({ kind: 'status', status: 'UNKNOWN_ERROR' }, { kind: 'ok' });
    expect((await geocoder.reverse(OSU.lat, OSU.lng)).city).toBe('Accra');
    expect(delays).toEqual([1000]);
  });

  it('network failure (connection dropped): 3 attempts waiting 1 s then 2 s, then a network error', async () => {
    const { geocoder, delays } = setup();
    fake.script({ kind: 'reset' }, { kind: 'reset' }, { kind: 'reset' });
    const err = await failure(geocoder.reverse(OSU.lat, OSU.lng));
    expect(err.code).toBe('network');
    expect(err.message).toBe(GEOCODING_MESSAGES.network);
    expect(sent()).toHaveLength(3);
    expect(delays).toEqual([1000, 2000]);
    expect(`${err.message} ${err.detail}`).not.toContain(fake.apiKey);
  });

  it('network failure twice, then OK on the third and last attempt', async () => {
    const { geocoder, delays } = setup();
    fake.script({ kind: 'reset' }, { kind: 'reset' }, { kind: 'ok' });
    expect((await geocoder.reverse(OSU.lat, OSU.lng)).address).toBe(OSU_ADDRESS);
    expect(sent()).toHaveLength(3);
    expect(delays).toEqual([1000, 2000]);
  });

  it('nothing listening (connection refused): a network error after 3 attempts, the key in no message', async () => {
    const closed = await startFakeGeocoder();
    const apiBase = closed.apiBase;
    await closed.close();
    const { geocoder, delays } = setup({ apiBase });
    const err = await failure(geocoder.reverse(OSU.lat, OSU.lng));
    expect(err.code).toBe('network');
    expect(err.detail).toBe('ECONNREFUSED');
    expect(delays).toEqual([1000, 2000]);
  });

  it('timeout: "Request timed out. Please check your internet connection." after the time limit, not retried', async () => {
    const { geocoder, delays } = setup({ timeoutMs: 300 });
    fake.script({ kind: 'hang' });
    const started = Date.now();
    const err = await failure(geocoder.reverse(OSU.lat, OSU.lng));
    expect([err.code, err.message]).toEqual(['timeout', 'Request timed out. Please check your internet connection.']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(sent()).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('uses the look-up constants: 10 s time limit, 3 attempts, 1 s and 2 s backoff bases, 5-minute billing block', () => {
    expect(GEOCODING).toEqual({
      timeoutMs: 10_000,
      maxAttempts: 3,
      backoffBaseMs: 1_000,
      quotaBackoffBaseMs: 2_000,
      billingBlockMs: 300_000,
    });
  });

  it('REQUEST_DENIED mentioning billing: no call to Google for 5 minutes by the clock, then Google again', async () => {
    const { geocoder, delays, clock } = setup();
    fake.script({ kind: 'status', status: 'REQUEST_DENIED', errorMessage: BILLING_MESSAGE });
    const first = await failure(geocoder.reverse(OSU.lat, OSU.lng));
    expect(first.code).toBe('billing');
    expect(first.message).toBe(GEOCODING_MESSAGES.billing);
    expect(sent()).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(geocoder.blockedUntil()).toEqual(new Date(clock.now().getTime() + FIVE_MINUTES));

    clock.advance(FIVE_MINUTES - 1);
    const blocked = await failure(geocoder.reverse(OSU.lat, OSU.lng));
    expect(blocked.code).toBe('billing');
    expect(sent()).toHaveLength(1); // Google was not asked

    clock.advance(1);
    expect(geocoder.blockedUntil()).toBeNull();
    fake.script({ kind: 'ok' });
    expect((await geocoder.reverse(OSU.lat, OSU.lng)).address).toBe(OSU_ADDRESS);
    expect(sent()).toHaveLength(2);
  });

  it('REQUEST_DENIED otherwise: an API key error, not retried, and no block', async () => {
    const { geocoder, delays } = setup();
    fake.script({ kind: 'status', status: 'REQUEST_DENIED', errorMessage: INVALID_KEY_MESSAGE });
    const err = await failure(geocoder.reverse(OSU.lat, OSU.lng));
    expect([err.code, err.message, err.detail]).toEqual(['api_key', GEOCODING_MESSAGES.apiKey, INVALID_KEY_MESSAGE]);
    expect(geocoder.blockedUntil()).toBeNull();
    fake.script({ kind: 'ok' });
    expect((await geocoder.reverse(OSU.lat, OSU.lng)).address).toBe(OSU_ADDRESS);
    expect(sent()).toHaveLength(2);
    expect(delays).toEqual([]);
  });

  it('geocoderFromConfig: Google with a key, null without', () => {
    const clock = fixedClock(new Date());
    expect(geocoderFromConfig(null, clock)).toBeNull();
    expect(geocoderFromConfig(undefined, clock)).toBeNull();
    expect(geocoderFromConfig({ apiKey: 'k', apiBase: fake.apiBase }, clock)).toHaveProperty('reverse');
  });
});

describe('reverseGeocode (the service behind GET /api/location/reverse)', () => {
  function capture() {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    return { lines, logger: createLogger('info', sink) };
  }

  it('without a key: the detected city, "{city}, Ghana", source fallback, no notice', async () => {
    const { logger } = capture();
    expect(await reverseGeocode({ geocoder: null, logger }, { lat: 6.7, lng: -1.6 })).toEqual({
      success: true,
      location: { coordinates: { lat: 6.7, lng: -1.6 }, address: 'Kumasi, Ghana', city: 'Kumasi', source: 'fallback' },
    });
  });

  it('with Google answering: its address and city, source google', async () => {
    const { geocoder } = setup();
    const { logger } = capture();
    fake.script({ kind: 'ok' });
    expect(await reverseGeocode({ geocoder, logger }, OSU)).toEqual({
      success: true,
      location: { coordinates: OSU, address: OSU_ADDRESS, city: 'Accra', source: 'google' },
    });
  });

  it('with Google naming no city: the detected one', async () => {
    const { geocoder } = setup();
    const { logger } = capture();
    fake.script({ kind: 'ok', address: 'Kotokuraba Market, Cape Coast', components: [] });
    const answer = await reverseGeocode({ geocoder, logger }, { lat: 5.11, lng: -1.245 });
    expect(answer.location).toMatchObject({
      address: 'Kotokuraba Market, Cape Coast',
      city: 'Cape Coast',
      source: 'google',
    });
  });

  it.each([
    [
      { kind: 'status', status: 'ZERO_RESULTS' } as const,
      'zero_results',
      'No address found for the provided coordinates',
    ],
    [
      { kind: 'status', status: 'REQUEST_DENIED', errorMessage: BILLING_MESSAGE } as const,
      'billing',
      GEOCODING_MESSAGES.billing,
    ],
    [
      { kind: 'status', status: 'REQUEST_DENIED', errorMessage: INVALID_KEY_MESSAGE } as const,
      'api_key',
      GEOCODING_MESSAGES.apiKey,
    ],
    [{ kind: 'status', status: 'INVALID_REQUEST' } as const, 'invalid_request', 'Invalid coordinates provided'],
  ])(
    'Google failing with %o: the detected city with plain words as notice, logged without the key',
    async (answer, reason, notice) => {
      const { geocoder } = setup();
      const { logger, lines } = capture();
      fake.script(answer);
      expect(await reverseGeocode({ geocoder, logger }, { lat: 9.41, lng: -0.85 })).toEqual({
        success: true,
        location: {
          coordinates: { lat: 9.41, lng: -0.85 },
          address: 'Tamale, Ghana',
          city: 'Tamale',
          source: 'fallback',
        },
        notice,
        reason,
      });
      expect(lines).toEqual([expect.objectContaining({ level: 40, geocode: expect.objectContaining({ reason }) })]);
      expect(JSON.stringify(lines)).not.toContain(fake.apiKey);
    },
  );

  it('other errors are not swallowed', async () => {
    const { logger } = capture();
    const broken = { reverse: async () => Promise.reject(new Error('bug')) };
    await expect(reverseGeocode({ geocoder: broken, logger }, OSU)).rejects.toThrow('bug');
  });
});

describe('withAnswerCache (issue #14: each Google answer costs quota)', () => {
  it('answers the same spot from memory for a day, and asks again after a failure', async () => {
    const clock = fixedClock(new Date('2026-11-22T09:00:00Z'));
    let calls = 0;
    let failNext = false;
    const cached = withAnswerCache(
      {
        async reverse(lat, lng) {
          calls++;
          if (failNext) throw new GeocodeError('network', 'down');
          return { address: `${lat},${lng}`, city: 'Accra' };
        },
      },
      clock,
    );
    await cached.reverse(5.60372, -0.18696);
    expect(await cached.reverse(5.603721, -0.186962)).toEqual({ address: '5.60372,-0.18696', city: 'Accra' }); // same 11 m spot
    expect(calls).toBe(1);
    clock.advance(25 * 3600_000);
    failNext = true;
    await expect(cached.reverse(5.60372, -0.18696)).rejects.toThrow();
    failNext = false;
    await cached.reverse(5.60372, -0.18696);
    expect(calls).toBe(3);
  });
});
