import { atom, onMount } from 'nanostores';
import { BOOKING_EVENT_TYPES } from '../../../contract/events.ts';
import { onUserEvent } from './events.ts';
import { $session } from './session.ts';

/**
 * What arrived unseen: `bookings` counts the chat messages and booking news that came
 * while the bookings tab (My Bookings, Job Requests) was not shown; `chats` counts, per booking,
 * the messages that came while its chat was closed. Only what the other party did counts: the
 * events do not say who acted, so a booking's news counts by who may make that change
 * (api/src/features/bookings/service.ts: the customer books and cancels; the professional
 * accepts, declines and completes).
 */
export interface UnreadState {
  bookings: number;
  chats: Readonly<Record<number, number>>;
}

const NONE: UnreadState = { bookings: 0, chats: {} };
export const $unread = atom<UnreadState>(NONE);

const BY_THE_OTHER: Record<string, ReadonlySet<string>> = {
  customer: new Set(['booking.accepted', 'booking.declined', 'booking.completed']),
  professional: new Set(['booking.created', 'booking.cancelled']),
};

let bookingsShown = 0;
const chatsOpen = new Map<number, number>();

/** The bookings tab is on screen until the returned function is called: its count is cleared. */
export function showingBookings(): () => void {
  bookingsShown++;
  if ($unread.get().bookings) $unread.set({ ...$unread.get(), bookings: 0 });
  return () => {
    bookingsShown--;
  };
}

/** The chat of this booking is open until the returned function is called: its count is cleared. */
export function readingChat(bookingId: number): () => void {
  chatsOpen.set(bookingId, (chatsOpen.get(bookingId) ?? 0) + 1);
  const { chats } = $unread.get();
  if (chats[bookingId]) {
    const { [bookingId]: _read, ...others } = chats;
    $unread.set({ ...$unread.get(), chats: others });
  }
  return () => {
    const left = (chatsOpen.get(bookingId) ?? 1) - 1;
    if (left > 0) chatsOpen.set(bookingId, left);
    else chatsOpen.delete(bookingId);
  };
}

/** "Message, 2 unread": the accessible name of a control with an unread count (undefined when none). */
export const unreadName = (label: string, count: number | undefined): string | undefined =>
  count ? `${label}, ${count} unread` : undefined;

onMount($unread, () => {
  let owner = $session.get().user?.id ?? null;
  const unfollow = $session.listen(({ user }) => {
    if ((user?.id ?? null) === owner) return;
    owner = user?.id ?? null;
    $unread.set(NONE);
  });
  const unlisten = onUserEvent([...BOOKING_EVENT_TYPES, 'chat.message'], (event) => {
    const user = $session.get().user;
    if (!user) return;
    const state = $unread.get();
    const bookings = bookingsShown > 0 ? 0 : state.bookings + 1;
    if (event.type === 'chat.message') {
      if (event.senderId === user.id) return;
      const open = chatsOpen.has(event.bookingId);
      const chats = open ? state.chats : { ...state.chats, [event.bookingId]: (state.chats[event.bookingId] ?? 0) + 1 };
      $unread.set({ bookings, chats });
      return;
    }
    if (BY_THE_OTHER[user.userType]?.has(event.type)) $unread.set({ ...state, bookings });
  });
  return () => {
    unfollow();
    unlisten();
    $unread.set(NONE);
  };
});
