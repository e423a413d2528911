import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../contract/bookings.ts';
import { ApiError } from '../lib/api.ts';
import {
  $bookingCounts,
  $bookings,
  $bookingsChanged,
  cancelBooking,
  createBooking,
  loadBookings,
  reviewBooking,
} from './bookings.ts';
import { $connection } from './connection.ts';
import { $session } from './session.ts';

const booking = (id: number, status: Booking['status'], extra: Partial<Booking> = {}): Booking => ({
  id,
  customerId: 1,
  professionalId: 2,
  professionalName: 'Kofi Mensah',
  customerName: 'Ama Owusu',
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
  ...extra,
});

const calls: { url: string; init: RequestInit }[] = [];
function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  calls.length = 0;
  $session.set({ status: 'signed-in', token: 'tok', user: null });
  $bookings.set({ status: 'idle', items: [], message: null });
});
afterEach(() => vi.unstubAllGlobals());

function stubFetch(...responses: Response[]) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return responses.shift() ?? answer(500, { success: false, message: 'no more' });
  });
}

describe('bookings store', () => {
  it('loads the list with the bearer token and counts statuses', async () => {
    stubFetch(
      answer(200, {
        success: true,
        bookings: [booking(1, 'pending'), booking(2, 'completed'), booking(3, 'completed')],
      }),
    );
    await loadBookings();
    expect(calls[0].url).toBe('/api/bookings');
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect($bookings.get().status).toBe('ready');
    expect($bookingCounts.get()).toMatchObject({ all: 3, pending: 1, completed: 2, confirmed: 0 });
  });

  it('announces a change when a reload finds a status the other party changed (the header figures follow)', async () => {
    stubFetch(
      answer(200, { success: true, bookings: [booking(1, 'confirmed')] }),
      answer(200, { success: true, bookings: [booking(1, 'confirmed')] }),
      answer(200, { success: true, bookings: [booking(1, 'completed')] }),
    );
    await loadBookings();
    const before = $bookingsChanged.get();
    await loadBookings({ quiet: true });
    expect($bookingsChanged.get()).toBe(before);
    await loadBookings({ quiet: true });
    expect($bookingsChanged.get()).toBe(before + 1);
  });

  it('keeps an error message when loading fails', async () => {
    stubFetch(answer(403, { success: false, message: 'Nope' }));
    await loadBookings();
    expect($bookings.get()).toMatchObject({ status: 'error', message: 'Nope' });
  });

  it('creates, cancels and reviews through the server and updates the list', async () => {
    stubFetch(
      answer(200, { success: true, bookings: [booking(2, 'completed')] }),
      answer(201, {
        success: true,
        message: 'Booking request submitted successfully!',
        booking: booking(5, 'pending', { proposedRate: 35 }),
      }),
      answer(200, { success: true, booking: booking(5, 'cancelled') }),
      answer(200, { success: true, message: 'Thanks!' }),
    );
    await loadBookings();
    const before = $bookingsChanged.get();
    const created = await createBooking({
      professionalId: 2,
      date: '2025-01-15',
      time: '09:00',
      description: 'Leak',
      proposedRate: 35,
    });
    expect(created.message).toBe('Booking request submitted successfully!');
    expect(JSON.parse(String(calls[1].init.body))).toEqual({
      professionalId: 2,
      date: '2025-01-15',
      time: '09:00',
      description: 'Leak',
      proposedRate: 35,
    });
    expect($bookings.get().items.map((b) => b.id)).toEqual([5, 2]);
    await cancelBooking(5);
    expect(calls[2].url).toBe('/api/bookings/5/cancel');
    expect($bookings.get().items[0].status).toBe('cancelled');
    expect(await reviewBooking(2, { rating: 5, comment: 'Great' })).toBe('Thanks!');
    expect(JSON.parse(String(calls[3].init.body))).toEqual({ rating: 5, comment: 'Great' });
    expect($bookings.get().items[1].reviewed).toBe(true);
    expect($bookingsChanged.get()).toBe(before + 3);
  });

  it('omits an empty proposed rate and passes server refusals on', async () => {
    stubFetch(
      answer(409, { success: false, message: 'This time slot is already booked. Please choose another time.' }),
    );
    const attempt = createBooking({
      professionalId: 2,
      date: '2025-01-15',
      time: '09:00',
      description: '',
      proposedRate: null,
    });
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toThrow('This time slot is already booked');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      professionalId: 2,
      date: '2025-01-15',
      time: '09:00',
      description: '',
    });
  });

  describe('without a connection (what is on screen stays)', () => {
    const storage = new Map<string, string>();
    const offlineFetch = () =>
      vi.stubGlobal('fetch', async () => {
        throw new TypeError('Failed to fetch');
      });
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
      stubFetch(answer(200, { bookings: [booking(1, 'pending'), booking(2, 'confirmed')] }));
      await loadBookings();
      offlineFetch();
      await loadBookings();
      expect($bookings.get()).toMatchObject({ status: 'ready', message: null });
      expect($bookings.get().items.map((b) => b.id)).toEqual([1, 2]);
    });

    it('a list opened offline is the one kept on the device for this account', async () => {
      stubFetch(answer(200, { bookings: [booking(3, 'confirmed')] }));
      await loadBookings();
      $bookings.set({ status: 'idle', items: [], message: null });
      offlineFetch();
      await loadBookings();
      expect($bookings.get().items.map((b) => b.id)).toEqual([3]);
      $session.set({ status: 'signed-in', token: 'tok', user: { id: 42 } as never });
      $bookings.set({ status: 'idle', items: [], message: null });
      await loadBookings();
      expect($bookings.get().status).toBe('error');
    });

    it('a refusal while a list is shown keeps the list and says why beside it', async () => {
      stubFetch(answer(200, { bookings: [booking(1, 'pending')] }), answer(503, { message: 'Down for a moment.' }));
      await loadBookings();
      await loadBookings();
      expect($bookings.get()).toMatchObject({ status: 'ready', message: 'Down for a moment.' });
    });
  });
});
