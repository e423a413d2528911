import { atom, computed, onMount } from 'nanostores';
import { BOOKING_EVENT_TYPES } from '../../../contract/events.ts';
import type { Booking } from '../../../contract/bookings.ts';
import { apiFetch, NetworkError } from '../lib/api.ts';
import { keep } from '../lib/kept.ts';
import { keptInsteadOf } from '../lib/load.ts';
import { $connection } from './connection.ts';
import { onUserEvent, refresher } from './events.ts';
import { $session } from './session.ts';

/**
 * The signed-in user's bookings (GET /api/bookings) and the actions on them. Every action is a
 * server call; the list is updated from the server's answer. `$bookingsChanged` counts changes so
 * that figures computed elsewhere (the dashboard's record) can be fetched again. The other party's
 * changes come with the live stream (stores/events.ts): while either store is watched, a booking's
 * news (or `reset`) reloads the list if it was loaded, and counts as a change.
 */
export interface BookingsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: Booking[];
  message: string | null;
}

export interface NewBooking {
  professionalId: number;
  date: string;
  time: string;
  description: string;
  proposedRate?: number | null;
}

export const $bookings = atom<BookingsState>({ status: 'idle', items: [], message: null });
export const $bookingsChanged = atom(0);

export const $bookingCounts = computed($bookings, ({ items }) => {
  const counts = { all: items.length, pending: 0, confirmed: 0, completed: 0, cancelled: 0 };
  for (const b of items) counts[b.status]++;
  return counts;
});

const token = () => $session.get().token;
const account = () => $session.get().user?.id ?? 0;

function replace(booking: Booking): void {
  const state = $bookings.get();
  const found = state.items.some((b) => b.id === booking.id);
  $bookings.set({
    ...state,
    items: found ? state.items.map((b) => (b.id === booking.id ? booking : b)) : [booking, ...state.items],
  });
  $bookingsChanged.set($bookingsChanged.get() + 1);
}

const statuses = (items: Booking[]) =>
  items
    .map((b) => `${b.id}:${b.status}:${b.reviewed}`)
    .sort()
    .join(',');

/** Loads the list; `quiet` keeps showing the current list while refreshing. */
export async function loadBookings(options: { quiet?: boolean } = {}): Promise<void> {
  const state = $bookings.get();
  if (!options.quiet || state.status !== 'ready') $bookings.set({ ...state, status: 'loading', message: null });
  try {
    const answer = await apiFetch<{ bookings: Booking[] }>('/api/bookings', { token: token() });
    $bookings.set({ status: 'ready', items: answer.bookings, message: null });
    keep('bookings', account(), answer.bookings);
    // The other party changed something (accepted, completed ...): the dashboard's figures follow.
    if (state.status === 'ready' && statuses(state.items) !== statuses(answer.bookings))
      $bookingsChanged.set($bookingsChanged.get() + 1);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Failed to load your bookings';
    // What is on screen stays (docs/PRODUCT.md "Working offline"): the list shown, else the one
    // kept on the device. No connection is said by the offline banner; other reasons beside the list.
    const shown = state.status === 'ready' ? state.items : keptInsteadOf<Booking[]>(error, 'bookings', account());
    if (shown === null) $bookings.set({ ...$bookings.get(), status: 'error', message });
    else $bookings.set({ status: 'ready', items: shown, message: error instanceof NetworkError ? null : message });
  }
}

/** POST /api/bookings; throws ApiError with the server's message (400, 402, 409). */
export async function createBooking(input: NewBooking): Promise<{ message: string; booking: Booking }> {
  const body = { ...input, ...(input.proposedRate == null && { proposedRate: undefined }) };
  const answer = await apiFetch<{ message: string; booking: Booking }>('/api/bookings', {
    method: 'POST',
    body,
    token: token(),
  });
  if ($bookings.get().status === 'ready') replace(answer.booking);
  else $bookingsChanged.set($bookingsChanged.get() + 1);
  return answer;
}

export async function cancelBooking(id: number): Promise<Booking> {
  const answer = await apiFetch<{ booking: Booking }>(`/api/bookings/${id}/cancel`, {
    method: 'POST',
    body: {},
    token: token(),
  });
  replace(answer.booking);
  return answer.booking;
}

export async function reviewBooking(id: number, review: { rating: number; comment: string }): Promise<string> {
  const answer = await apiFetch<{ message?: string }>(`/api/bookings/${id}/review`, {
    method: 'POST',
    body: review,
    token: token(),
  });
  const booking = $bookings.get().items.find((b) => b.id === id);
  if (booking) replace({ ...booking, reviewed: true });
  return answer.message ?? 'Thank you for your review!';
}

/** The list again (once more after a burst), quietly; only if it was loaded. */
const reloadShown = refresher(() => loadBookings({ quiet: true }));

function onBookingNews(): void {
  if ($bookings.get().status === 'idle') $bookingsChanged.set($bookingsChanged.get() + 1);
  else reloadShown();
}

/** One subscription while the list or the change count is watched. */
let watchers = 0;
let unlisten: (() => void) | undefined;
function watch(): () => void {
  if (watchers++ === 0) {
    const stopNews = onUserEvent([...BOOKING_EVENT_TYPES, 'reset'], onBookingNews);
    // Back online: a list that was shown (perhaps the kept one) or failed is read again by itself.
    let seen = $connection.get().backOnline;
    const stopConnection = $connection.listen(({ backOnline }) => {
      if (backOnline === seen) return;
      seen = backOnline;
      if ($bookings.get().status !== 'idle') reloadShown();
    });
    unlisten = () => {
      stopNews();
      stopConnection();
    };
  }
  return () => {
    if (--watchers === 0) unlisten?.();
  };
}
onMount($bookings, watch);
onMount($bookingsChanged, watch);
