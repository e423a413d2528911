import { atom, computed, onMount } from 'nanostores';
import { BOOKING_EVENT_TYPES } from '../../../contract/events.ts';
import {
  acceptBooking,
  BOOKING_MESSAGES,
  type Booking,
  cancelBooking,
  completeBooking,
  declineBooking,
  listBookings,
  requestBooking as requestRoute,
  reviewBooking as reviewRoute,
  type TimeSlot,
} from '../../../contract/bookings.ts';
import {
  acceptProposedTime,
  answeredProposalWords,
  declineProposedTime,
  proposeBookingTime,
} from '../../../contract/reschedule.ts';
import { call } from '../lib/call.ts';
import { failure, type Outcome } from '../lib/outcome.ts';
import { $live, onUserEvent } from './events.ts';
import { loadStore } from './load-store.ts';
import { $session } from './session.ts';
import { showToast } from './toast.ts';
import { addTime, timeBetween } from '../../../contract/dates.ts';

const token = () => $session.get().token;
const account = () => $session.get().user?.id ?? 0;

/**
 * The server's clock minus this phone's, learnt with each list: whether a job has started is decided
 * on the server's time (a phone's clock may be wrong; tests move the server's).
 */
let clockOffset = 0;
export const serverNow = (): number => addTime(Date.now(), { ms: clockOffset }).getTime();

/**
 * The signed-in user's bookings (GET /api/bookings): the customer's bookings and the professional's
 * jobs are the same list, read once (stores/load-store.ts): when an island first watches `$bookings`,
 * again on a booking's news from the live stream (stores/events.ts), when the connection comes back
 * and after every action; a failed read never replaces what is shown, and with nothing shown the
 * list kept on the phone is (docs/PRODUCT.md "Working offline"). `$bookingsChanged` counts changes,
 * so that figures computed elsewhere (the dashboards' records) can be fetched again.
 */
const bookings = loadStore<Booking[]>(
  async (signal) => {
    const answer = await call(listBookings, {}, { token: token(), signal });
    if (answer.now) clockOffset = timeBetween(Date.now(), answer.now);
    return answer.bookings;
  },
  {
    failure: (error) => failure(error).message,
    keep: () => ({ name: 'bookings', account: account() }),
    // Signed out (the server's render of a page) there is no list to read.
    when: () => Boolean(token()),
    answered: (after, before) => {
      if (before === null) return;
      // The other party changed something (accepted, completed ...): the dashboards' figures follow.
      if (statuses(before) !== statuses(after)) noteChange();
      tellAnswers(before, after);
    },
  },
);
export const $bookings = bookings.$load;
/** Why the list shown is not fresh (its last read failed), or null; a lost connection is said by the offline banner. */
export const $bookingsStale = bookings.$stale;
/** Whether the list is being read (an action reads it again after the server's answer). */
export const $bookingsReading = bookings.$pending;
export const $bookingsChanged = atom(0);
/** Try Again: the loading state, then the list read again. */
export const retryBookings = bookings.retry;

export const $bookingCounts = computed($bookings, (load) => {
  const counts = { all: 0, pending: 0, confirmed: 0, completed: 0, cancelled: 0 };
  if (load.state !== 'loaded') return counts;
  counts.all = load.data.length;
  for (const b of load.data) counts[b.status]++;
  return counts;
});

export interface NewBooking {
  professionalId: number;
  date: string;
  time: string;
  description: string;
  proposedRate?: number | null;
}

// Actions read the list with `.value`: `.get()` on an unwatched store would mount it and read the list.
const shownList = (): Booking[] | null => ($bookings.value.state === 'loaded' ? $bookings.value.data : null);
const noteChange = () => $bookingsChanged.set($bookingsChanged.value + 1);

const statuses = (items: Booking[]) =>
  items
    .map((b) => `${b.id}:${b.status}:${b.reviewed}`)
    .sort()
    .join(',');

const ANSWER_TITLES = {
  accepted: 'New time accepted',
  declined: 'New time declined',
  expired: 'New time not answered',
};

/**
 * Tells the one who proposed a time that it was answered, as the list read on the other party's news
 * shows it (docs/PRODUCT.md "Bookings"): a toast here, and the line on the card.
 */
function tellAnswers(before: Booking[], after: Booking[]): void {
  const me = account();
  for (const b of after) {
    const answered = b.answeredProposal;
    const was = before.find((o) => o.id === b.id);
    if (!answered || !was || was.answeredProposal?.id === answered.id) continue;
    const mine = b.customerId === me ? 'customer' : 'professional';
    if (answered.proposedBy !== mine) continue;
    showToast({
      title: ANSWER_TITLES[answered.answer],
      description: answeredProposalWords(answered, mine === 'customer' ? b.professionalName : b.customerName),
      variant: answered.answer === 'accepted' ? 'success' : 'default',
    });
  }
}

/** The list again, quietly (once more after a burst); only if it is watched or was read. */
export const refreshBookings = bookings.refresh;

/** Takes the server's booking into the list shown; the list is read again, and the change counted. */
function took(booking: Booking): void {
  // The server's answer stands against a read of the list started before it.
  const shown = shownList();
  if (shown !== null) {
    const found = shown.some((b) => b.id === booking.id);
    bookings.took(found ? shown.map((b) => (b.id === booking.id ? booking : b)) : [booking, ...shown]);
  }
  noteChange();
  refreshBookings();
}

/** A POST on a booking whose answer carries the booking: the list takes it; the Outcome says how it went. */
async function act(
  send: Promise<{ booking: Booking; message?: string }>,
  done: (answer: { booking: Booking; message?: string }) => string,
) {
  try {
    const answer = await send;
    took(answer.booking);
    return { ok: true, message: done(answer) } satisfies Outcome;
  } catch (error) {
    return failure(error);
  }
}

/** POST /api/bookings (docs/PRODUCT.md "Bookings"): the request, with the server's words. */
export function requestBooking(input: NewBooking): Promise<Outcome> {
  // The time was picked from the professional's open slots; the server refuses any other.
  const body = {
    ...input,
    time: input.time as TimeSlot,
    ...(input.proposedRate == null && { proposedRate: undefined }),
  };
  return act(
    call(requestRoute, { body }, { token: token() }),
    (answer) => answer.message || BOOKING_MESSAGES.submitted,
  );
}

export type BookingAction = 'accept' | 'decline' | 'complete' | 'cancel';
const ACTION_DONE: Record<BookingAction, string> = {
  accept: 'Job accepted. The customer can now message and call you.',
  decline: 'Job request declined.',
  complete: 'Job marked as completed. The customer is asked to confirm it.',
  cancel: 'Job cancelled. The customer has been told.',
};

/** POST /api/bookings/:id/{accept|decline|complete|cancel}; a decline may carry a reason the customer reads. */
export function actOnBooking(id: number, action: BookingAction, body: { reason?: string } = {}): Promise<Outcome> {
  const params = { id };
  const sent =
    action === 'decline'
      ? call(declineBooking, { params, body }, { token: token() })
      : call(
          { accept: acceptBooking, complete: completeBooking, cancel: cancelBooking }[action],
          { params },
          { token: token() },
        );
  return act(sent, () => ACTION_DONE[action]);
}

/** POST /api/bookings/:id/review. */
export async function reviewBooking(id: number, review: { rating: number; comment: string }): Promise<Outcome> {
  try {
    const answer = await call(reviewRoute, { params: { id }, body: review }, { token: token() });
    const booking = shownList()?.find((b) => b.id === id);
    if (booking) took({ ...booking, reviewed: true });
    else bookingChanged();
    return { ok: true, message: answer.message ?? 'Thank you for your review!' };
  } catch (error) {
    return failure(error);
  }
}

/** POST /api/bookings/:id/proposals: another time proposed (docs/PRODUCT.md "Bookings"). */
export function proposeTime(id: number, slot: { date: string; time: string }): Promise<Outcome> {
  return act(
    call(proposeBookingTime, { params: { id }, body: { ...slot, time: slot.time as TimeSlot } }, { token: token() }),
    (answer) => answer.message ?? 'New time proposed.',
  );
}

/** POST /api/bookings/:id/proposal/{accept|decline}: the answer to the other party's proposed time. */
export function answerProposal(id: number, answer: 'accept' | 'decline'): Promise<Outcome> {
  const route = answer === 'accept' ? acceptProposedTime : declineProposedTime;
  return act(call(route, { params: { id } }, { token: token() }), (reply) => reply.message ?? 'Answer sent.');
}

/** Something about a booking changed elsewhere (a report, a dispute): the list and the figures follow. */
export function bookingChanged(): void {
  noteChange();
  refreshBookings();
}

function onBookingNews(): void {
  if (shownList() === null && $bookings.lc === 0) noteChange();
  else refreshBookings();
}

// Watched: the list follows the browser tab shown again while the stream could not be opened.
onMount($bookings, () => {
  if (typeof document === 'undefined') return;
  const onVisible = () => {
    if (document.visibilityState === 'visible' && $live.get() !== 'live') refreshBookings();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => document.removeEventListener('visibilitychange', onVisible);
});

/** One news subscription while the list or the change count is watched. */
let watchers = 0;
let stopNews: (() => void) | undefined;
function watchNews(): () => void {
  if (watchers++ === 0) stopNews = onUserEvent([...BOOKING_EVENT_TYPES, 'reset'], onBookingNews);
  return () => {
    if (--watchers === 0) stopNews?.();
  };
}
onMount($bookings, watchNews);
onMount($bookingsChanged, watchNews);
