import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import type { SessionUser } from '../../../../contract/account-types.ts';
import type { Booking } from '../../../../contract/bookings.ts';
import { reviewSchema } from '../../../../contract/bookings.ts';
import { capitalise, statusVariant } from '../../lib/format.ts';
import { formatCedis } from '../../../../contract/money.ts';
import { dateLabel, timeLabel } from '../../../../contract/dates.ts';
import {
  $bookingCounts,
  $bookings,
  $bookingsStale,
  actOnBooking,
  loadBookings,
  refreshBookings,
  reviewBooking,
} from '../../stores/bookings.ts';
import { $session } from '../../stores/session.ts';
import { $unread, showingBookings, unreadName } from '../../stores/unread.ts';
import { showToast } from '../../stores/toast.ts';
import { useFocusOn } from '../../ui/useFocus.ts';
import { UnreadBadge } from '../../ui/UnreadBadge.tsx';
import { openTab } from './state.ts';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { AnswerBy, BookingTime, ExpiredRequest } from '../Reschedule/BookingTime.tsx';
import { JobTrust } from '../Reports/JobTrust.tsx';
import { countOf } from '../../../../contract/counts.ts';

const ChatPanel = lazyPart('chat', () => import('../Chat/ChatPanel.tsx'), 'Loading messages...');

const FILTERS = [
  { id: 'all', label: 'All' },
  { id: 'pending', label: 'Pending' },
  { id: 'confirmed', label: 'Confirmed' },
  { id: 'completed', label: 'Completed' },
] as const;
type Filter = (typeof FILTERS)[number]['id'];

/** My Bookings (docs/PRODUCT.md "Bookings", issue 4): sub-tabs, Message, Call, Cancel, Leave Review. */
export default function MyBookings({ user }: { user: SessionUser }) {
  const bookings = useStore($bookings);
  const stale = useStore($bookingsStale);
  const counts = useStore($bookingCounts);
  const [filter, setFilter] = useState<Filter>('all');
  const refs = useRef<Partial<Record<Filter, HTMLButtonElement | null>>>({});
  const base = useId();

  // The list is read and kept up to date by its store (stores/bookings.ts) while it is shown.
  useEffect(showingBookings, []);

  function onKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const keys: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: FILTERS.length - 1,
    };
    if (!(event.key in keys)) return;
    event.preventDefault();
    const next = FILTERS[(keys[event.key] + FILTERS.length) % FILTERS.length].id;
    setFilter(next);
    refs.current[next]?.focus();
  }

  const all = bookings.state === 'loaded' ? bookings.data : [];
  const shown = filter === 'all' ? all : all.filter((b) => b.status === filter);
  return (
    <section className="cd-section" aria-labelledby={`${base}-title`}>
      <div className="cd-row">
        <h2 id={`${base}-title`} className="cd-h2">
          My Bookings
        </h2>
        <div className="cd-actions cd-actions-tight">
          <button
            type="button"
            className="btn btn-sm btn-line cd-button"
            disabled={bookings.state === 'loading'}
            onClick={refreshBookings}
          >
            Refresh
          </button>
          <button type="button" className="btn btn-sm cd-button" onClick={() => openTab('find')}>
            Book New Service
          </button>
        </div>
      </div>
      <div className="cd-subtabs" role="tablist" aria-label="Filter bookings by status">
        {FILTERS.map((f, index) => (
          <button
            key={f.id}
            ref={(node) => {
              refs.current[f.id] = node;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${f.id}`}
            aria-controls={`${base}-list`}
            aria-selected={filter === f.id}
            tabIndex={filter === f.id ? 0 : -1}
            className="cd-subtab"
            onClick={() => setFilter(f.id)}
            onKeyDown={(e) => onKey(e, index)}
          >
            {f.label} ({counts[f.id]})
          </button>
        ))}
      </div>
      <div id={`${base}-list`} role="tabpanel" aria-labelledby={`${base}-tab-${filter}`}>
        {bookings.state === 'loading' ? (
          <p className="cd-muted" role="status">
            Loading your bookings...
          </p>
        ) : bookings.state === 'failed' ? (
          <div className="cd-panel is-alert" role="alert">
            <p>{bookings.message}</p>
            <button type="button" className="btn btn-sm cd-button" onClick={() => void loadBookings({ retry: true })}>
              Try Again
            </button>
          </div>
        ) : null}
        {bookings.state === 'loaded' && stale ? (
          <p className="cd-muted" role="status">
            Not refreshed: {stale}
          </p>
        ) : null}
        {bookings.state !== 'loaded' ? null : shown.length === 0 ? (
          <p className="cd-panel">{filter === 'all' ? 'You have no bookings yet.' : `No ${filter} bookings.`}</p>
        ) : (
          <ul className="cd-list" role="list">
            {shown.map((b) => (
              <li key={b.id}>
                {/* A cancelled booking leaves the Pending and Confirmed lists: focus goes to their tab. */}
                <BookingCard
                  booking={b}
                  user={user}
                  onCancelled={filter === 'all' ? undefined : () => refs.current[filter]?.focus()}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function BookingCard({
  booking: b,
  user,
  onCancelled,
}: {
  booking: Booking;
  user: SessionUser;
  onCancelled?: () => void;
}) {
  const token = useStore($session).token;
  const unread = useStore($unread).chats[b.id];
  const [chat, setChat] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const base = useId();
  const titleId = `${base}-title`;
  // Where focus goes when the control that had it goes away: the question when Cancel Booking
  // opens it, back to Cancel Booking on Keep booking, the booking's title once it is cancelled or
  // reviewed (or onCancelled, when the card leaves the list), back to Leave Review when the review is left.
  const title = useRef<HTMLHeadingElement>(null);
  const question = useFocusOn<HTMLDivElement>(confirming);
  const cancelButton = useFocusOn<HTMLButtonElement>(!confirming);
  const reviewButton = useRef<HTMLButtonElement>(null);

  async function onCancel() {
    setBusy(true);
    setError(null);
    const outcome = await actOnBooking(b.id, 'cancel');
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setConfirming(false);
    if (onCancelled) onCancelled();
    else title.current?.focus();
    showToast({
      title: 'Booking cancelled',
      description: `${b.service} with ${b.professionalName} on ${dateLabel(b.date)}.`,
    });
  }

  const canCancel = b.status === 'pending' || b.status === 'confirmed';
  const canReview = b.status === 'completed' && !b.reviewed;
  return (
    <article className="card cd-booking" aria-labelledby={titleId}>
      <div className="cd-row">
        <h3 id={titleId} ref={title} tabIndex={-1} className="cd-h3">
          {b.service} with {b.professionalName}
        </h3>
        <span className={`cd-badge is-${statusVariant(b.status)}`}>
          {b.expired ? 'Not answered in time' : capitalise(b.status)}
        </span>
      </div>
      <dl className="cd-dl cd-dl-compact">
        <div className="cd-dl-row">
          <dt>When</dt>
          <dd>
            {dateLabel(b.date)} at {timeLabel(b.time)} ({countOf(b.duration, 'hour')})
          </dd>
        </div>
        <div className="cd-dl-row">
          <dt>Rate</dt>
          <dd>
            {formatCedis(b.agreedRate)}/hour · total {formatCedis(b.totalAmount)}
          </dd>
        </div>
        {b.location ? (
          <div className="cd-dl-row">
            <dt>Location</dt>
            <dd>{b.location}</dd>
          </div>
        ) : null}
        {b.description ? (
          <div className="cd-dl-row">
            <dt>Job</dt>
            <dd>{b.description}</dd>
          </div>
        ) : null}
      </dl>
      {b.notes ? <p className="cd-muted">{b.notes}</p> : null}
      <AnswerBy booking={b} />
      <BookingTime
        booking={b}
        viewer="customer"
        otherName={b.professionalName}
        onChanged={(message) => showToast({ title: message, variant: 'success' })}
      />
      {b.expired ? <ExpiredRequest booking={b} /> : null}
      {b.status === 'completed' && b.reviewed ? (
        <p className="cd-muted">You reviewed this service. Thank you!</p>
      ) : null}

      <div className="cd-actions">
        {b.status !== 'cancelled' ? (
          <button
            type="button"
            className="btn btn-sm btn-line cd-button"
            aria-expanded={chat}
            aria-label={chat ? undefined : unreadName('Message', unread)}
            onClick={() => setChat((c) => !c)}
          >
            {chat ? 'Hide messages' : 'Message'}
            {chat ? null : <UnreadBadge count={unread} />}
          </button>
        ) : null}
        {b.status === 'confirmed' && b.contactPhone ? (
          <a className="btn btn-sm btn-line cd-button" href={`tel:${b.contactPhone}`}>
            Call
          </a>
        ) : null}
        {canReview ? (
          <button
            ref={reviewButton}
            type="button"
            className="btn btn-sm cd-button"
            aria-expanded={reviewing}
            onClick={() => setReviewing((r) => !r)}
          >
            Leave Review
          </button>
        ) : null}
        {canCancel && !confirming ? (
          <button
            ref={cancelButton}
            type="button"
            className="btn btn-sm btn-line cd-button cd-danger"
            onClick={() => setConfirming(true)}
          >
            Cancel Booking
          </button>
        ) : null}
      </div>

      {confirming ? (
        <div
          ref={question}
          tabIndex={-1}
          className="cd-panel is-alert cd-confirm"
          role="group"
          aria-label="Confirm cancellation"
        >
          <p>
            Cancel your booking with {b.professionalName} on {dateLabel(b.date)} at {timeLabel(b.time)}?
            {b.trust?.cancelNow === 'late' || b.trust?.cancelNow === 'no_show'
              ? ' This is within 24 hours of the start, so it counts as a late cancellation, which professionals see on your requests.'
              : ''}
          </p>
          <div className="cd-actions">
            <button
              type="button"
              className="btn btn-sm cd-button cd-danger-solid"
              disabled={busy}
              onClick={() => void onCancel()}
            >
              {busy ? 'Cancelling...' : 'Yes, cancel booking'}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-line cd-button"
              disabled={busy}
              onClick={() => setConfirming(false)}
            >
              Keep booking
            </button>
          </div>
        </div>
      ) : null}
      {error ? (
        <p className="cd-error" role="alert">
          {error}
        </p>
      ) : null}
      <JobTrust booking={b} party="customer" onChanged={refreshBookings} />
      {reviewing && canReview ? (
        <ReviewForm
          booking={b}
          onDone={(reviewed) => {
            setReviewing(false);
            (reviewed ? title : reviewButton).current?.focus();
          }}
        />
      ) : null}
      {chat && token ? (
        <ChatPanel bookingId={b.id} token={token} meId={user.id} otherName={b.professionalName} />
      ) : null}
    </article>
  );
}

function ReviewForm({ booking, onDone }: { booking: Booking; onDone: (reviewed: boolean) => void }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { legend: useId(), comment: useId() };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = reviewSchema.safeParse({ rating, comment });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Choose a rating from 1 to 5 stars.');
      return;
    }
    setBusy(true);
    setError(null);
    const outcome = await reviewBooking(booking.id, parsed.data);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    showToast({ title: outcome.message, variant: 'success' });
    onDone(true);
  }

  return (
    <form className="cd-review" onSubmit={(e) => void onSubmit(e)} aria-label={`Review ${booking.professionalName}`}>
      <fieldset className="cd-stars">
        <legend id={ids.legend}>Your rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`cd-star${n <= rating ? ' is-on' : ''}`}>
            <input
              type="radio"
              name={`rating-${booking.id}`}
              value={n}
              checked={rating === n}
              onChange={() => setRating(n)}
            />
            <span aria-hidden="true">★</span>
            <span className="sr-only">{countOf(n, 'star')}</span>
          </label>
        ))}
      </fieldset>
      <div className="cd-field">
        <label htmlFor={ids.comment}>Comment</label>
        <textarea
          id={ids.comment}
          rows={3}
          maxLength={2000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      {error ? (
        <p className="cd-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="cd-actions">
        <button type="submit" className="btn btn-sm cd-button" disabled={busy}>
          {busy ? 'Sending...' : 'Submit Review'}
        </button>
        <button type="button" className="btn btn-sm btn-line cd-button" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
