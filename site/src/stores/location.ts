import { atom, computed, onMount } from 'nanostores';
import { CITIES, cityNamed } from '../../../contract/cities.ts';
import { greatCircleMiles } from '../../../contract/distance.ts';
import {
  DEFAULT_LOCATION,
  GEOLOCATION,
  GEOLOCATION_MESSAGES,
  geolocationRetryingMessage,
  lookUpAddress,
  type ReverseGeocodeResponse,
} from '../../../contract/location.ts';
import { NetworkError } from '../lib/api.ts';
import { call } from '../lib/call.ts';
import { acquirePosition, browserGeolocation } from '../lib/geolocation.ts';
import type { GeolocationLike } from '../lib/geolocation.ts';
import { $session } from './session.ts';

/**
 * Where the customer is (docs/PRODUCT.md "Location"):
 * idle → loading (with "Retrying... (n/3)") → ready (live position, city from the server's reverse
 * geocoding) or fallback (Accra, Ghana (Default Location), with the message of docs/PRODUCT.md "Location").
 */
export type LocationStatus = 'idle' | 'loading' | 'ready' | 'fallback';

export interface LocationState {
  status: LocationStatus;
  coords: { lat: number; lng: number } | null;
  city: string | null;
  address: string | null;
  /** Retrying text while loading; the failure text plus "Using Accra…" on fallback. */
  message: string | null;
  /** True when the position is the device's own (permission granted). */
  live: boolean;
  /** Without the device's position: true when the account's own city is used (not Accra). */
  home: boolean;
}

export const INITIAL_LOCATION: LocationState = {
  status: 'idle',
  coords: null,
  city: null,
  address: null,
  message: null,
  live: false,
  home: false,
};
export const $location = atom<LocationState>(INITIAL_LOCATION);

export type ReverseGeocode = (lat: number, lng: number) => Promise<{ city: string; address: string }>;

export interface LocateOptions {
  geolocation?: GeolocationLike | null;
  reverse?: ReverseGeocode;
  sleep?: (ms: number) => Promise<void>;
  /** Ask again even when a position is known. */
  force?: boolean;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The nearest known city: the text shown when the server cannot name the place. */
export function nearestCity(lat: number, lng: number): string {
  let best: string = DEFAULT_LOCATION.city;
  let bestMiles = Infinity;
  for (const city of CITIES) {
    const miles = greatCircleMiles({ lat, lng }, city);
    if (miles < bestMiles) {
      bestMiles = miles;
      best = city.name;
    }
  }
  return best;
}

/** GET /api/location/reverse, with one retry after 2 s on a network error (docs/PRODUCT.md "Location"). */
export function serverReverse(sleep: (ms: number) => Promise<void> = realSleep): ReverseGeocode {
  return async (lat, lng) => {
    const ask = () =>
      call(lookUpAddress, { query: { lat: String(lat), lng: String(lng) } }, { token: $session.get().token });
    let answer: ReverseGeocodeResponse;
    try {
      answer = await ask();
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      await sleep(GEOLOCATION.geocodeNetworkRetryDelayMs);
      answer = await ask();
    }
    return { city: answer.location.city, address: answer.location.address };
  };
}

let running: Promise<LocationState> | null = null;

/** Finds the device's position and its city; always ends ready or fallback. */
export function locate(options: LocateOptions = {}): Promise<LocationState> {
  const current = $location.get();
  if (!options.force && (current.status === 'ready' || current.status === 'fallback')) return Promise.resolve(current);
  running ??= run(options).finally(() => {
    running = null;
  });
  return running;
}

async function run(options: LocateOptions): Promise<LocationState> {
  const sleep = options.sleep ?? realSleep;
  const geo = options.geolocation !== undefined ? options.geolocation : browserGeolocation();
  $location.set({ ...INITIAL_LOCATION, status: 'loading' });
  const position = await acquirePosition(geo, {
    sleep,
    onRetry: (attempt) => $location.set({ ...$location.get(), message: geolocationRetryingMessage(attempt) }),
  });
  if (!position.ok) {
    // Without a position, the account's own city; Accra only when it names none of ours.
    const home = cityNamed($session.get().user?.location);
    const state: LocationState = home
      ? {
          status: 'fallback',
          coords: { lat: home.lat, lng: home.lng },
          city: home.name,
          address: `${home.name}, Ghana`,
          message: `${position.message} ${GEOLOCATION_MESSAGES.usingHomeCity(home.name)}`,
          live: false,
          home: true,
        }
      : {
          status: 'fallback',
          coords: { lat: DEFAULT_LOCATION.lat, lng: DEFAULT_LOCATION.lng },
          city: DEFAULT_LOCATION.city,
          address: DEFAULT_LOCATION.address,
          message: `${position.message} ${GEOLOCATION_MESSAGES.usingDefault}`,
          live: false,
          home: false,
        };
    $location.set(state);
    return state;
  }
  const { lat, lng } = position.coords;
  let place: { city: string; address: string };
  try {
    place = await (options.reverse ?? serverReverse(sleep))(lat, lng);
  } catch {
    // The server could not name the place (or is older than the location feature): the nearest city.
    const city = nearestCity(lat, lng);
    place = { city, address: `${city}, Ghana` };
  }
  const state: LocationState = {
    status: 'ready',
    coords: { lat, lng },
    city: place.city,
    address: place.address,
    message: null,
    live: true,
    home: false,
  };
  $location.set(state);
  return state;
}

/**
 * The location for a part that shows it or searches near it (the dashboard's header, the
 * recommendations): watching it starts finding it, once.
 */
export const $locatedHere = computed($location, (location) => location);
onMount($locatedHere, () => {
  void locate();
});

/** Back to idle (tests, sign-out). */
export function resetLocation(): void {
  running = null;
  $location.set(INITIAL_LOCATION);
}
