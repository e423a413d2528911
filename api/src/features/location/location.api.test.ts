import { callerGuards } from '../auth/guards.ts';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Koa from 'koa';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GEOCODING_MESSAGES } from '../../../../contract/location.ts';
import { errorMiddleware } from '../../http/error-middleware.ts';
import { requestContext } from '../../http/request-context.ts';
import { createLogger } from '../../logger.ts';
import { googleGeocoder, type Geocoder } from '../../providers/geocoder.ts';
import { bearer, signUpAndPay } from '../../../test/accounts.ts';
import { BILLING_MESSAGE, OSU_ADDRESS, startFakeGeocoder, type FakeGeocoder } from '../../../test/fake-geocoder.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { locationRoutes, type LocationDeps } from './routes.ts';

// GET /api/location/reverse over real HTTP: sessions from the test app's database; Google is a
// local server speaking its geocoding API (api/test/fake-geocoder.ts).
//
// The location router runs here on its own small Koa server (request context, JSON errors, the
// router) sharing the test app's database and clock, so each test can give it the geocoder it needs
// (with a sleep that records delays instead of waiting).

const OSU = { lat: 5.5571, lng: -0.1818 };

let app: TestApp;
let fake: FakeGeocoder;
let token: string;
const servers: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  app = await startTestApp();
  fake = await startFakeGeocoder();
  ({ token } = await signUpAndPay(app));
});
afterAll(async () => {
  await fake.close();
  await app.close();
});
afterEach(async () => {
  app?.clock.reset();
  for (const server of servers.splice(0)) await server.close();
});

async function serve(options: Partial<Pick<LocationDeps, 'config' | 'geocoder'>>) {
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  const logger = createLogger('info', sink);
  const router = locationRoutes({
    db: app.db,
    clock: app.clock,
    logger,
    guards: callerGuards({ db: app.db, clock: app.clock }),
    config: options.config ?? {},
    geocoder: options.geocoder,
  });
  const koa = new Koa();
  koa.silent = true;
  koa.use(requestContext(logger));
  koa.use(errorMiddleware(logger));
  koa.use(router.routes());
  const server = koa.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push({
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return {
    logs,
    async get(path: string, headers: Record<string, string> = bearer(token)) {
      const response = await fetch(url + path, { headers });
      const text = await response.text();
      return { status: response.status, text, headers: response.headers, body: JSON.parse(text) };
    },
  };
}

function googleOnFake() {
  const delays: number[] = [];
  const geocoder: Geocoder = googleGeocoder({
    apiKey: fake.apiKey,
    apiBase: fake.apiBase,
    clock: app.clock,
    sleep: async (ms) => {
      delays.push(ms);
    },
    timeoutMs: 300,
  });
  return { geocoder, delays };
}

const reverse = (lat: number | string, lng: number | string) => `/api/location/reverse?lat=${lat}&lng=${lng}`;

describe('GET /api/location/reverse', () => {
  it('needs a signed-in user (each call may spend the Google key’s quota)', async () => {
    const api = await serve({});
    const res = await api.get(reverse(OSU.lat, OSU.lng), {});
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it.each([
    ['lat=91&lng=0'],
    ['lat=-90.0001&lng=0'],
    ['lat=0&lng=180.5'],
    ['lat=0&lng=-181'],
    ['lat=abc&lng=0'],
    ['lat=5.6'],
    ['lng=-0.18'],
    ['lat=&lng='],
    ['lat=5.6&lat=5.7&lng=0'],
    ['lat=Infinity&lng=0'],
    ['lat=0x10&lng=0'],
    ['lat=1e3&lng=0'],
  ])('?%s → 400 "Invalid coordinates provided"', async (query) => {
    const { geocoder } = googleOnFake();
    const api = await serve({ geocoder });
    const before = fake.requests.length;
    const res = await api.get(`/api/location/reverse?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Invalid coordinates provided' });
    expect(fake.requests.length).toBe(before); // Google is not asked
  });

  it('accepts the extremes of the ranges', async () => {
    const api = await serve({});
    for (const [lat, lng] of [
      [90, 180],
      [-90, -180],
      ['+5.6', '-.5'],
      [5.67, 3e-7],
    ]) {
      expect((await api.get(reverse(lat, lng))).status).toBe(200);
    }
  });

  it('without a key: the city from the coordinates, "{city}, Ghana", source fallback', async () => {
    const api = await serve({ config: { googleMaps: null } });
    const res = await api.get(reverse(6.6885, -1.6244));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      location: {
        coordinates: { lat: 6.6885, lng: -1.6244 },
        address: 'Kumasi, Ghana',
        city: 'Kumasi',
        source: 'fallback',
      },
    });
    // Ho is in none of the five boxes: the nearest of them.
    expect((await api.get(reverse(6.6008, 0.4713))).body.location).toMatchObject({
      city: 'Accra',
      address: 'Accra, Ghana',
      source: 'fallback',
    });
  });

  it('with a key in config: Google’s address; the key goes to Google and nowhere else', async () => {
    const api = await serve({ config: { googleMaps: { apiKey: fake.apiKey, apiBase: fake.apiBase } } });
    fake.script({ kind: 'ok' });
    const before = fake.requests.length;
    const res = await api.get(reverse(OSU.lat, OSU.lng));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      location: { coordinates: OSU, address: OSU_ADDRESS, city: 'Accra', source: 'google' },
    });
    expect(fake.requests.slice(before)).toEqual([
      expect.objectContaining({ latlng: '5.5571,-0.1818', key: fake.apiKey }),
    ]);
    expect(res.text).not.toContain(fake.apiKey);
    expect(JSON.stringify([...res.headers])).not.toContain(fake.apiKey);
    expect(JSON.stringify(api.logs)).not.toContain(fake.apiKey);
  });

  it('Google over quota: retried twice (2 s, 4 s), then the detected city with "Google Maps API quota exceeded"', async () => {
    const { geocoder, delays } = googleOnFake();
    const api = await serve({ geocoder });
    const quota = { kind: 'status', status: 'OVER_QUERY_LIMIT' } as const;
    fake.script(quota, quota, quota);
    const before = fake.requests.length;
    const res = await api.get(reverse(4.8845, -1.7554));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      location: {
        coordinates: { lat: 4.8845, lng: -1.7554 },
        address: 'Takoradi, Ghana',
        city: 'Takoradi',
        source: 'fallback',
      },
      notice: 'Google Maps API quota exceeded',
      reason: 'quota',
    });
    expect(fake.requests.length - before).toBe(3);
    expect(delays).toEqual([2000, 4000]);
    expect(api.logs).toContainEqual(
      expect.objectContaining({ msg: 'reverse geocoding fell back to city detection', geocode: { reason: 'quota' } }),
    );
  });

  it.each([
    [{ kind: 'status', status: 'ZERO_RESULTS' } as const, 'No address found for the provided coordinates'],
    [{ kind: 'ok-empty' } as const, 'No address found for coordinates'],
    [{ kind: 'status', status: 'INVALID_REQUEST' } as const, 'Invalid coordinates provided'],
    [{ kind: 'hang' } as const, 'Request timed out. Please check your internet connection.'],
    [
      { kind: 'status', status: 'REQUEST_DENIED', errorMessage: 'The provided API key is invalid.' } as const,
      GEOCODING_MESSAGES.apiKey,
    ],
  ])('Google answering %o: 200 with the detected city and the notice %j', async (answer, notice) => {
    const { geocoder } = googleOnFake();
    const api = await serve({ geocoder });
    fake.script(answer);
    const res = await api.get(reverse(5.1053, -1.2466));
    expect(res.status).toBe(200);
    expect(res.body.location).toEqual({
      coordinates: { lat: 5.1053, lng: -1.2466 },
      address: 'Cape Coast, Ghana',
      city: 'Cape Coast',
      source: 'fallback',
    });
    expect(res.body.notice).toBe(notice);
  });

  it('billing not enabled: falls back, and Google is not asked again for 5 minutes (app clock)', async () => {
    const { geocoder } = googleOnFake();
    const api = await serve({ geocoder });
    fake.script({ kind: 'status', status: 'REQUEST_DENIED', errorMessage: BILLING_MESSAGE });
    const before = fake.requests.length;
    const first = await api.get(reverse(OSU.lat, OSU.lng));
    expect(first.body).toMatchObject({
      location: { city: 'Accra', source: 'fallback' },
      notice: GEOCODING_MESSAGES.billing,
      reason: 'billing',
    });
    expect(first.text).not.toContain(BILLING_MESSAGE); // Google's own text stays in the log
    app.clock.advance(4 * 60_000);
    const second = await api.get(reverse(OSU.lat, OSU.lng));
    expect(second.body).toMatchObject({ location: { source: 'fallback' }, reason: 'billing' });
    expect(fake.requests.length - before).toBe(1);
    app.clock.advance(60_000);
    fake.script({ kind: 'ok' });
    const third = await api.get(reverse(OSU.lat, OSU.lng));
    expect(third.body.location).toMatchObject({ address: OSU_ADDRESS, source: 'google' });
    expect(fake.requests.length - before).toBe(2);
  });
});
