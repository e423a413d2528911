import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOCATION, GEOLOCATION_MESSAGES, GEOLOCATION_POSITION_OPTIONS } from '../../../contract/location.ts';
import type { GeolocationLike } from '../lib/geolocation.ts';
import type { SessionUser } from '../../../contract/account-types.ts';
import { cityNamed } from '../../../contract/cities.ts';
import { $location, locate, nearestCity, resetLocation } from './location.ts';
import { $session } from './session.ts';

type Outcome = { lat: number; lng: number } | { code: number; message?: string };

/** A geolocation that answers each call with the next outcome (the last one repeats). */
function fakeGeo(...outcomes: Outcome[]) {
  const calls: unknown[] = [];
  const geo: GeolocationLike = {
    getCurrentPosition(success, error, options) {
      calls.push(options);
      const next = outcomes[Math.min(calls.length - 1, outcomes.length - 1)];
      if ('lat' in next) success({ coords: { latitude: next.lat, longitude: next.lng } });
      else error(next);
    },
  };
  return { geo, calls };
}

function recordingSleep() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

const accra = { lat: 5.6037, lng: -0.187 };
const reverse = async () => ({ city: 'Accra', address: 'Osu, Accra, Ghana' });

afterEach(() => resetLocation());

describe('locate', () => {
  it('uses the device position with the documented options and the server city', async () => {
    const { geo, calls } = fakeGeo(accra);
    const state = await locate({ geolocation: geo, reverse });
    expect(calls).toEqual([GEOLOCATION_POSITION_OPTIONS]);
    expect(GEOLOCATION_POSITION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 });
    expect(state).toEqual({
      status: 'ready',
      coords: accra,
      city: 'Accra',
      address: 'Osu, Accra, Ghana',
      message: null,
      live: true,
      home: false,
    });
    expect($location.get()).toEqual(state);
  });

  it('retries timeouts up to 3 times, 2 s × attempt apart, showing Retrying... (n/3)', async () => {
    const { geo, calls } = fakeGeo({ code: 3 }, { code: 3 }, accra);
    const { delays, sleep } = recordingSleep();
    const messages: (string | null)[] = [];
    const off = $location.listen((s) => messages.push(s.message));
    const state = await locate({ geolocation: geo, reverse, sleep });
    off();
    expect(calls).toHaveLength(3);
    expect(delays).toEqual([2000, 4000]);
    expect(messages).toContain('Retrying... (1/3)');
    expect(messages).toContain('Retrying... (2/3)');
    expect(state.status).toBe('ready');
    expect(state.message).toBeNull();
  });

  it('falls back to Accra after 3 failed retries of an unavailable position', async () => {
    const { geo, calls } = fakeGeo({ code: 2 });
    const { delays, sleep } = recordingSleep();
    const state = await locate({ geolocation: geo, reverse, sleep });
    expect(calls).toHaveLength(4);
    expect(delays).toEqual([2000, 4000, 6000]);
    expect(state).toEqual({
      status: 'fallback',
      coords: { lat: DEFAULT_LOCATION.lat, lng: DEFAULT_LOCATION.lng },
      city: 'Accra',
      address: 'Accra, Ghana (Default Location)',
      message: `${GEOLOCATION_MESSAGES.positionUnavailable} Using Accra as your default location. You can still browse all professionals.`,
      live: false,
      home: false,
    });
  });

  it("without a position, searches from the account's own city, and says so; Accra only for a city we do not know", async () => {
    const signedIn = (location: string) =>
      $session.set({ status: 'signed-in', token: 't', user: { location } as SessionUser });
    signedIn('Kumasi');
    const { geo } = fakeGeo({ code: 1 });
    const state = await locate({ geolocation: geo, reverse, sleep: recordingSleep().sleep });
    expect(state).toMatchObject({
      status: 'fallback',
      coords: { lat: 6.6885, lng: -1.6244 },
      city: 'Kumasi',
      home: true,
      message: `${GEOLOCATION_MESSAGES.permissionDenied} Using Kumasi, your city, as your location. You can still browse all professionals.`,
    });
    expect(cityNamed('kumasi, Adum')?.name).toBe('Kumasi');
    expect(cityNamed('Cape Coast')?.name).toBe('Cape Coast');
    expect(cityNamed('Kumasiville')).toBeNull();
    resetLocation();
    signedIn('Somewhere else');
    expect(await locate({ geolocation: geo, reverse, sleep: recordingSleep().sleep })).toMatchObject({
      city: 'Accra',
      home: false,
    });
    $session.set({ status: 'signed-out', token: null, user: null });
  });

  it('does not retry when permission is denied', async () => {
    const { geo, calls } = fakeGeo({ code: 1 });
    const { delays, sleep } = recordingSleep();
    const state = await locate({ geolocation: geo, reverse, sleep });
    expect(calls).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(state.status).toBe('fallback');
    expect(state.message).toBe(`${GEOLOCATION_MESSAGES.permissionDenied} ${GEOLOCATION_MESSAGES.usingDefault}`);
  });

  it('says so when the browser has no geolocation', async () => {
    const state = await locate({ geolocation: null, reverse });
    expect(state.message).toBe(
      `Location services not supported by your browser or device. ${GEOLOCATION_MESSAGES.usingDefault}`,
    );
    expect(state.city).toBe('Accra');
  });

  it('uses the other and network messages for unknown errors', async () => {
    const { sleep } = recordingSleep();
    let state = await locate({ geolocation: fakeGeo({ code: 0 }).geo, reverse, sleep });
    expect(state.message).toBe(`${GEOLOCATION_MESSAGES.other} ${GEOLOCATION_MESSAGES.usingDefault}`);
    state = await locate({
      geolocation: fakeGeo({ code: 0, message: 'Network error' }).geo,
      reverse,
      sleep,
      force: true,
    });
    expect(state.message).toBe(`${GEOLOCATION_MESSAGES.network} ${GEOLOCATION_MESSAGES.usingDefault}`);
  });

  it('names the nearest city from the coordinates when reverse geocoding fails', async () => {
    const kumasi = { lat: 6.7, lng: -1.62 };
    const failing = vi.fn(async () => {
      throw new Error('404');
    });
    const state = await locate({ geolocation: fakeGeo(kumasi).geo, reverse: failing });
    expect(failing).toHaveBeenCalledWith(6.7, -1.62);
    expect(state).toMatchObject({
      status: 'ready',
      city: 'Kumasi',
      address: 'Kumasi, Ghana',
      live: true,
      coords: kumasi,
    });
  });

  it('shares one run between callers and keeps a known position', async () => {
    const { geo, calls } = fakeGeo(accra);
    const [a, b] = await Promise.all([locate({ geolocation: geo, reverse }), locate({ geolocation: geo, reverse })]);
    expect(a).toBe(b);
    await locate({ geolocation: geo, reverse });
    expect(calls).toHaveLength(1);
  });
});

describe('nearestCity', () => {
  it('picks the closest known city', () => {
    expect(nearestCity(5.6, -0.19)).toBe('Accra');
    expect(nearestCity(9.4, -0.84)).toBe('Tamale');
    expect(nearestCity(5.1, -1.25)).toBe('Cape Coast');
  });
});
