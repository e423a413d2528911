import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpAndPay } from '../../../test/accounts.ts';
import { OSU_ADDRESS, startFakeGeocoder, type FakeGeocoder } from '../../../test/fake-geocoder.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';

// The route as the app serves it, configured from the environment (GOOGLE_MAPS_API_KEY,
// GOOGLE_MAPS_API_BASE) like npm start. Retries and delays are covered in location.api.test.ts.

const OSU = '/api/location/reverse?lat=5.5571&lng=-0.1818';

// Runs once api/src/config.ts reads GOOGLE_MAPS_API_KEY (the lead wires config and app.ts together);
// until then it shows as skipped.
const wired = 'googleMaps' in loadConfig({ NODE_ENV: 'test' });

describe.skipIf(!wired)('GET /api/location/reverse in the app', () => {
  let fake: FakeGeocoder;
  beforeAll(async () => {
    fake = await startFakeGeocoder();
  });
  afterAll(() => fake.close());

  describe('with GOOGLE_MAPS_API_KEY set', () => {
    let app: TestApp;
    let token: string;
    beforeAll(async () => {
      app = await startTestApp({ env: { GOOGLE_MAPS_API_KEY: fake.apiKey, GOOGLE_MAPS_API_BASE: fake.apiBase } });
      ({ token } = await signUpAndPay(app));
    });
    afterAll(() => app.close());

    it('answers with Google’s address; the key reaches Google and nothing the browser sees', async () => {
      fake.script({ kind: 'ok' });
      const before = fake.requests.length;
      const res = await app.request(OSU, { headers: bearer(token) });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        location: { coordinates: { lat: 5.5571, lng: -0.1818 }, address: OSU_ADDRESS, city: 'Accra', source: 'google' },
      });
      expect(fake.requests.slice(before)).toEqual([
        expect.objectContaining({ key: fake.apiKey, latlng: '5.5571,-0.1818' }),
      ]);
      expect(JSON.stringify(res.body)).not.toContain(fake.apiKey);
      expect(JSON.stringify([...res.headers])).not.toContain(fake.apiKey);
      expect(JSON.stringify(app.logs)).not.toContain(fake.apiKey);
    });

    it('falls back with the notice when Google finds nothing', async () => {
      fake.script({ kind: 'status', status: 'ZERO_RESULTS' });
      const res = await app.request('/api/location/reverse?lat=9.4008&lng=-0.8393', { headers: bearer(token) });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        location: { address: 'Tamale, Ghana', city: 'Tamale', source: 'fallback' },
        notice: 'No address found for the provided coordinates',
      });
    });

    it('rejects bad coordinates and anonymous callers', async () => {
      expect((await app.request('/api/location/reverse?lat=100&lng=0', { headers: bearer(token) })).body).toEqual({
        success: false,
        code: 'invalid_input',
        message: 'Invalid coordinates provided',
        errors: [{ field: 'lat', message: 'Invalid coordinates provided' }],
      });
      expect((await app.request(OSU)).status).toBe(401);
    });
  });

  describe('without a key', () => {
    let app: TestApp;
    let token: string;
    beforeAll(async () => {
      app = await startTestApp();
      ({ token } = await signUpAndPay(app));
    });
    afterAll(() => app.close());

    it('detects the city from the coordinates and never calls Google', async () => {
      const before = fake.requests.length;
      const res = await app.request(OSU, { headers: bearer(token) });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        location: {
          coordinates: { lat: 5.5571, lng: -0.1818 },
          address: 'Accra, Ghana',
          city: 'Accra',
          source: 'fallback',
        },
      });
      expect(fake.requests.length).toBe(before);
    });
  });
});
