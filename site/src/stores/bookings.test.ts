import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../contract/bookings.ts';
import { LOADING } from '../lib/load.ts';
import {
  $bookingCounts,
  $bookings,
  $bookingsChanged,
  $bookingsStale,
  actOnBooking,
  answerProposal,
  refreshBookings,
  requestBooking,
  retryBookings,
  reviewBooking,
  serverNow,
} from './bookings.ts';
import { $connection } from './connection.ts';
import { $session } from './session.ts';

const booking = (id: number, status: Booking['status'], extra: Partial<Booking> = {}): Booking => ({
  id,
  customerId: 1,
  professionalId: 2,
  professionalName: 'Kofi Mensah',
  customerName: 'Ama Owusu',
  customerAvatar: null,
  service: 'Plumber',
  description: '',
  date: '2025-01-15',
  time: '09:00',
  duration: 2,
  agreedRate: 30,
  proposedRate: null,
  status,
  location: 'Accra',
  notes: null,
  createdAt: '2025-01-10T10:00:00.000Z',
  totalAmount: 60,
  contactPhone: null,
  reviewed: false,
  answerBy: null,
  expired: false,
  proposal: null,
  answeredProposal: null,
  declined: false,
  declineReason: null,
  ...extra,
});

/** A fake API: GET /api/bookings answers `list` (or `listAnswer` when set); a POST answers `postAnswer`. */
const calls: { url: string; method: string; body: unknown; auth: string | null }[] = [];
let list: Booking[] = [];
let listAnswer: (() => Response) | null = null;
let postAnswer: (url: string, body: unknown) => Response = () => answer(500, { message: 'no answer set' });
function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
const reads = () => calls.filter((c) => c.method === 'GET' && c.url === '/api/bookings').length;
const shownIds = () => {
  const load = $bookings.value;
  return load.state === 'loaded' ? load.data.map((b) => b.id) : load.state;
};

let unwatch: (() => void) | null = null;
/** An island watching the list (useStore): the store reads it by itself. */
async function watchLoaded(): Promise<void> {
  unwatch = $bookings.listen(() => undefined);
  await vi.waitFor(() => expect($bookings.value.state).not.toBe('loading'));
}

/** Reads the list as an island watching it would, and waits for the answer. */
async function readList(): Promise<void> {
  unwatch ??= $bookings.listen(() => undefined);
  await refreshBookings();
}

beforeEach(() => {
  calls.length = 0;
  list = [];
  listAnswer = null;
  $session.set({ status: 'signed-in', token: 'tok', user: null });
  $bookings.set(LOADING);
  $bookingsStale.set(null);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const method = init.method ?? 'GET';
    calls.push({ url, method, body, auth: new Headers(init.headers).get('Authorization') });
    if (method !== 'GET') return postAnswer(url, body);
    return listAnswer ? listAnswer() : answer(200, { success: true, bookings: list });
  });
});
afterEach(async () => {
  unwatch?.();
  unwatch = null;
  // A refresh an action started ends before the next test begins.
  await vi.waitFor(() => expect($bookings.value.state).not.toBe('loading'));
  cleanStores($bookings, $bookingsChanged);
  vi.unstubAllGlobals();
});

describe('bookings store', () => {
  it('is read when first watched, with the bearer token, and counts statuses', async () => {
    list = [booking(1, 'pending'), booking(2, 'completed'), booking(3, 'completed')];
    expect(reads()).toBe(0);
    await watchLoaded();
    expect(calls[0]).toMatchObject({ url: '/api/bookings', method: 'GET', auth: 'Bearer tok' });
    expect(shownIds()).toEqual([1, 2, 3]);
    expect($bookingCounts.get()).toMatchObject({ all: 3, pending: 1, completed: 2, confirmed: 0 });
  });

  it('holds the server clock learnt with the list', async () => {
    const hourAhead = new Date(Date.now() + 3_600_000).toISOString();
    listAnswer = () => answer(200, { success: true, bookings: [], now: hourAhead });
    await readList();
    expect(serverNow() - Date.now()).toBeGreaterThan(3_590_000);
    expect(serverNow() - Date.now()).toBeLessThan(3_610_000);
  });

  it('announces a change when a reload finds a status the other party changed (the header figures follow)', async () => {
    list = [booking(1, 'confirmed')];
    await readList();
    const before = $bookingsChanged.value;
    await readList();
    expect($bookingsChanged.value).toBe(before);
    list = [booking(1, 'completed')];
    await readList();
    expect($bookingsChanged.value).toBe(before + 1);
  });

  it('a first read that fails shows why; Try Again shows the loading state first', async () => {
    listAnswer = () => answer(403, { success: false, message: 'Nope' });
    await readList();
    expect($bookings.value).toEqual({ state: 'failed', message: 'Nope' });
    listAnswer = null;
    const again = retryBookings();
    expect($bookings.value).toEqual(LOADING);
    await again;
    expect(shownIds()).toEqual([]);
  });

  it('actions return an Outcome, the list takes the server’s booking and is read again', async () => {
    list = [booking(2, 'completed')];
    await watchLoaded();
    const before = $bookingsChanged.value;
    postAnswer = (url) => {
      if (url === '/api/bookings') {
        list = [booking(5, 'pending', { proposedRate: 35 }), ...list];
        return answer(201, { success: true, message: 'Booking request submitted successfully!', booking: list[0] });
      }
      if (url === '/api/bookings/5/cancel') return answer(200, { success: true, booking: booking(5, 'cancelled') });
      return answer(200, { success: true, message: 'Thanks!' });
    };
    const created = await requestBooking({
      professionalId: 2,
      date: '2025-01-15',
      time: '09:00',
      description: 'Leak',
      proposedRate: 35,
    });
    expect(created).toEqual({ ok: true, message: 'Booking request submitted successfully!' });
    expect(calls[1]).toMatchObject({
      url: '/api/bookings',
      method: 'POST',
      body: { professionalId: 2, date: '2025-01-15', time: '09:00', description: 'Leak', proposedRate: 35 },
    });
    expect(shownIds()).toEqual([5, 2]);
    await vi.waitFor(() => expect(reads()).toBe(2));

    expect(await actOnBooking(5, 'cancel')).toMatchObject({ ok: true });
    expect(calls.some((c) => c.url === '/api/bookings/5/cancel' && c.method === 'POST')).toBe(true);
    const cancelled = $bookings.value.state === 'loaded' ? $bookings.value.data[0] : null;
    expect(cancelled?.status).toBe('cancelled');
    await vi.waitFor(() => expect(reads()).toBe(3));

    expect(await reviewBooking(2, { rating: 5, comment: 'Great' })).toEqual({ ok: true, message: 'Thanks!' });
    expect(calls.find((c) => c.url === '/api/bookings/2/review')?.body).toEqual({ rating: 5, comment: 'Great' });
    expect($bookings.value.state === 'loaded' && $bookings.value.data[1].reviewed).toBe(true);
    expect($bookingsChanged.value).toBeGreaterThanOrEqual(before + 3);
  });

  it('a read of the list started before an action, answering after it, is not shown', async () => {
    list = [booking(7, 'pending')];
    await watchLoaded();
    let answerOld: (() => void) | null = null;
    listAnswer = () => {
      throw new Error('replaced below');
    };
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: undefined, auth: null });
      if (method !== 'GET') return answer(200, { success: true, booking: booking(7, 'confirmed') });
      // The first read again waits; the one after the action answers at once.
      if (!answerOld)
        return new Promise<Response>((resolve) => {
          answerOld = () => resolve(answer(200, { success: true, bookings: [booking(7, 'pending')] }));
        });
      return answer(200, { success: true, bookings: [booking(7, 'confirmed')] });
    });
    void refreshBookings();
    await vi.waitFor(() => expect(answerOld).not.toBeNull());
    expect(await actOnBooking(7, 'accept')).toMatchObject({ ok: true });
    // What the list shows from the action on: never the older answer.
    const shown: string[] = [];
    const stop = $bookings.listen((load) => {
      if (load.state === 'loaded') shown.push(load.data[0].status);
    });
    (answerOld as unknown as () => void)();
    await vi.waitFor(() => expect(reads()).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop();
    expect(shown).not.toContain('pending');
    expect($bookings.value).toMatchObject({ state: 'loaded', data: [{ id: 7, status: 'confirmed' }] });
  });

  it('a refused action returns its words and fields, omits an empty proposed rate and leaves the list as it was', async () => {
    list = [booking(1, 'pending', { proposal: null })];
    await watchLoaded();
    const before = $bookingsChanged.value;
    postAnswer = () =>
      answer(409, { success: false, message: 'This time slot is already booked. Please choose another time.' });
    const refused = await requestBooking({
      professionalId: 2,
      date: '2025-01-15',
      time: '09:00',
      description: '',
      proposedRate: null,
    });
    expect(refused).toEqual({
      ok: false,
      message: 'This time slot is already booked. Please choose another time.',
      fields: {},
    });
    expect(calls[1].body).toEqual({ professionalId: 2, date: '2025-01-15', time: '09:00', description: '' });
    expect(await answerProposal(1, 'accept')).toMatchObject({ ok: false });
    expect(shownIds()).toEqual([1]);
    expect($bookingsChanged.value).toBe(before);
    expect(reads()).toBe(1);
  });

  describe('a failed refresh never wipes what is shown', () => {
    const storage = new Map<string, string>();
    const offline = () => {
      // No network at all: not asked again (lib/api.ts withRetry), what is kept at once.
      vi.stubGlobal('navigator', { onLine: false });
      listAnswer = () => {
        throw new TypeError('Failed to fetch');
      };
    };
    beforeEach(() => {
      storage.clear();
      vi.stubGlobal('localStorage', {
        getItem: (k: string) => storage.get(k) ?? null,
        setItem: (k: string, v: string) => storage.set(k, v),
        removeItem: (k: string) => storage.delete(k),
      });
      $session.set({ status: 'signed-in', token: 'tok', user: { id: 41 } as never });
      // Online again between tests: a return to online would read the list once more by itself.
      $connection.set({ offline: false, shownAt: null, backOnline: 0 });
    });

    it('a refresh that gets no answer keeps the list shown, and says nothing beside it (the banner does)', async () => {
      list = [booking(1, 'pending'), booking(2, 'confirmed')];
      await readList();
      offline();
      await readList();
      expect(shownIds()).toEqual([1, 2]);
      expect($bookingsStale.value).toBeNull();
    });

    it('a refusal while a list is shown keeps the list and says why beside it', async () => {
      list = [booking(1, 'pending')];
      await readList();
      listAnswer = () => answer(403, { message: 'Not for you just now.' });
      await readList();
      expect(shownIds()).toEqual([1]);
      expect($bookingsStale.value).toBe('Not for you just now.');
      listAnswer = null;
      await readList();
      expect($bookingsStale.value).toBeNull();
    });

    it('a list opened offline is the one kept on the device for this account', async () => {
      list = [booking(3, 'confirmed')];
      await readList();
      $bookings.set(LOADING);
      offline();
      await readList();
      expect(shownIds()).toEqual([3]);
      $session.set({ status: 'signed-in', token: 'tok', user: { id: 42 } as never });
      $bookings.set(LOADING);
      await readList();
      expect($bookings.value.state).toBe('failed');
    });
  });
});
