import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../contract/account-types.ts';
import { eventTicket, type UserEvent } from '../../../contract/events.ts';
import { LOADING } from '../lib/load.ts';
import { $bookingsChanged } from './bookings.ts';
import { $connection } from './connection.ts';
import { $customer, type CustomerRecord, patchCustomer, retryCustomer } from './customer.ts';
import { configureEvents, type EventSourceLike } from './events.ts';
import { $favourites } from './find-pro.ts';
import { MapStorage } from './map-storage.test-helper.ts';
import { $session } from './session.ts';

const ama: SessionUser = {
  id: 7,
  email: 'ama@example.com',
  phone: '+233241234567',
  firstName: 'Ama',
  lastName: 'Owusu',
  userType: 'customer',
  status: 'active',
  location: 'Accra',
  createdAt: '2025-01-01T00:00:00.000Z',
};
const RECORD_PATH = '/api/customer-data/ama%40example.com';

const record = (totalBookings: number): CustomerRecord => ({
  id: 1,
  name: 'Ama Owusu',
  firstName: 'Ama',
  lastName: 'Owusu',
  email: ama.email,
  localAddress: null,
  description: null,
  phone: ama.phone,
  location: 'Accra',
  status: 'active',
  verified: true,
  preferredLocation: null,
  joinDate: '2025-01-01',
  avatar: null,
  firstVisit: false,
  subscription: null,
  totalBookings,
  completedJobs: 0,
  totalSpent: 0,
  favoriteServices: [{ id: 12 } as never],
  recentBookings: [],
});

/** The live stream the store listens to while watched: the test says its events. */
let stream: EventSourceLike | null = null;
const say = (event: UserEvent) =>
  stream?.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event), lastEventId: '1' }));

/** A fake API: the record answers `answer()`; the stream's ticket is always given. */
let answer: () => Response;
let reads = 0;
let tokens = 0;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const shownTotal = () => {
  const load = $customer.value;
  return load.state === 'loaded' ? load.data.totalBookings : load.state;
};

let unwatch: (() => void) | null = null;
/** An island watching the record (useStore): the store reads it by itself. */
async function watchLoaded(): Promise<void> {
  unwatch = $customer.listen(() => undefined);
  await vi.waitFor(() => expect($customer.value.state).not.toBe('loading'));
}

beforeEach(() => {
  reads = 0;
  answer = () => json(200, { customer: record(1) });
  stream = null;
  vi.stubGlobal('localStorage', new MapStorage());
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
  configureEvents({
    openStream: () => {
      stream = { onmessage: null, onerror: null, addEventListener: () => undefined, close: () => undefined };
      return stream;
    },
  });
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === eventTicket.path) return json(200, { ticket: `ticket-${'0'.repeat(24)}` });
    expect(url).toBe(RECORD_PATH);
    reads++;
    return answer();
  });
  // A new token each test: the stream of the test before is not this one's.
  $session.set({ status: 'signed-in', token: `tok-${++tokens}`, user: ama });
  $connection.set({ offline: false, shownAt: null, backOnline: 0 });
  $customer.set(LOADING);
});
afterEach(async () => {
  unwatch?.();
  unwatch = null;
  await vi.waitFor(() => expect($customer.value.state).not.toBe('loading'));
  cleanStores($customer, $bookingsChanged);
  vi.unstubAllGlobals();
});

describe('customer store', () => {
  it('reads the signed-in customer’s record when first watched, and notes the favourites', async () => {
    expect(reads).toBe(0);
    await watchLoaded();
    expect(reads).toBe(1);
    expect(shownTotal()).toBe(1);
    expect($favourites.get()).toEqual([12]);
  });

  it('reads again quietly on the news it follows: a payment, bookings changed here, back online', async () => {
    await watchLoaded();
    await vi.waitFor(() => expect(stream).not.toBeNull());
    const states: string[] = [];
    const stopStates = $customer.listen((load) => states.push(load.state));

    answer = () => json(200, { customer: record(2) });
    say({ type: 'payment.settled', reference: 'ref-1', purpose: 'subscription' });
    await vi.waitFor(() => expect(shownTotal()).toBe(2));

    answer = () => json(200, { customer: record(3) });
    $bookingsChanged.set($bookingsChanged.value + 1);
    await vi.waitFor(() => expect(shownTotal()).toBe(3));

    answer = () => json(200, { customer: record(4) });
    $connection.set({ ...$connection.value, backOnline: 1 });
    await vi.waitFor(() => expect(shownTotal()).toBe(4));

    stopStates();
    expect(states).not.toContain('loading'); // the record shown stays while it is read again
    expect(reads).toBe(4);
  });

  it('a failed refresh keeps the record shown; a failed first read shows why, and Try Again reads afresh', async () => {
    await watchLoaded();
    answer = () => json(404, { success: false, code: 'not_found', message: 'No such user' });
    $bookingsChanged.set($bookingsChanged.value + 1);
    await vi.waitFor(() => expect(reads).toBe(2));
    expect(shownTotal()).toBe(1);

    $customer.set(LOADING);
    $bookingsChanged.set($bookingsChanged.value + 1);
    await vi.waitFor(() => expect($customer.value.state).toBe('failed'));
    expect($customer.value).toEqual({ state: 'failed', message: 'User data not found. Please try logging in again.' });

    answer = () => json(200, { customer: record(5) });
    retryCustomer();
    expect($customer.value.state).toBe('loading');
    await vi.waitFor(() => expect(shownTotal()).toBe(5));
  });

  it('opened without a connection, shows the record kept on the device for this account', async () => {
    await watchLoaded();
    vi.stubGlobal('navigator', { onLine: false });
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    $customer.set(LOADING);
    $bookingsChanged.set($bookingsChanged.value + 1);
    await vi.waitFor(() => expect(shownTotal()).toBe(1));
  });

  it('patchCustomer changes the record shown without a read', async () => {
    await watchLoaded();
    patchCustomer({ phone: '+233200000000' });
    expect($customer.value).toMatchObject({ state: 'loaded', data: { phone: '+233200000000', totalBookings: 1 } });
    expect(reads).toBe(1);
  });
});
