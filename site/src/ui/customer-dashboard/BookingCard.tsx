import { useStore } from '@nanostores/react';
import { useId, useRef, useState } from 'react';
import type { SessionUser } from '../../../../contract/account-types.ts';
import type { Booking } from '../../../../contract/bookings.ts';
import { dateLabel } from '../../../../contract/dates.ts';
import { bookingStatusWords, statusVariant } from '../../lib/format.ts';
import { actOnBooking, refreshBookings } from '../../stores/bookings.ts';
import { $session } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';
import { $unread, unreadName } from '../../stores/unread.ts';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { UnreadBadge } from '../../ui/UnreadBadge.tsx';
import { useFocusOn } from '../../ui/useFocus.ts';
import { JobTrust } from '../reports/JobTrust.tsx';
import { AnswerBy, BookingTime } from '../reschedule/BookingTime.tsx';
import { ExpiredRequest } from '../reschedule/ExpiredRequest.tsx';
import { BookingDetails } from './BookingDetails.tsx';
import { canCancel, canReview } from './booking-card.ts';
import { CancelQuestion } from './CancelQuestion.tsx';
import { ReviewForm } from './ReviewForm.tsx';

const ChatPanel = lazyPart('chat', () => import('../chat/ChatPanel.tsx'), 'Loading messages...');

/** One of the customer's bookings: its facts, its time, and Message, Call, Leave Review, Cancel Booking. */
export function BookingCard({
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

  const reviewable = canReview(b);
  return (
    <article className="card cd-booking" aria-labelledby={titleId}>
      <div className="cd-row">
        <h3 id={titleId} ref={title} tabIndex={-1} className="cd-h3">
          {b.service} with {b.professionalName}
        </h3>
        <span className={`cd-badge is-${statusVariant(b.status)}`}>{bookingStatusWords(b)}</span>
      </div>
      <BookingDetails booking={b} />
      {b.notes ? <p className="cd-muted">{b.notes}</p> : null}
      <AnswerBy booking={b} viewer="customer" />
      <BookingTime
        booking={b}
        viewer="customer"
        otherName={b.professionalName}
        onChanged={(message) => showToast({ title: message, variant: 'success' })}
      />
      {b.declined ? (
        <p className="cd-note">
          {b.professionalName} declined this request{b.declineReason ? `: “${b.declineReason}”` : '.'}
        </p>
      ) : null}
      {b.expired ? <ExpiredRequest booking={b} /> : null}
      {b.status === 'completed' && b.reviewed ? (
        <p className="cd-muted">You reviewed this service. Thank you!</p>
      ) : null}

      <div className="cd-actions">
        {b.status !== 'cancelled' ? (
          <button
            type="button"
            className="btn btn-sm btn-line action-button"
            aria-expanded={chat}
            aria-label={chat ? undefined : unreadName('Message', unread)}
            onClick={() => setChat((c) => !c)}
          >
            {chat ? 'Hide messages' : 'Message'}
            {chat ? null : <UnreadBadge count={unread} />}
          </button>
        ) : null}
        {b.status === 'confirmed' && b.contactPhone ? (
          <a className="btn btn-sm btn-line action-button" href={`tel:${b.contactPhone}`}>
            Call
          </a>
        ) : null}
        {reviewable ? (
          <button
            ref={reviewButton}
            type="button"
            className="btn btn-sm action-button"
            aria-expanded={reviewing}
            onClick={() => setReviewing((r) => !r)}
          >
            Leave Review
          </button>
        ) : null}
        {canCancel(b) && !confirming ? (
          <button
            ref={cancelButton}
            type="button"
            className="btn btn-sm btn-line action-button cd-danger"
            onClick={() => setConfirming(true)}
          >
            Cancel Booking
          </button>
        ) : null}
      </div>

      {confirming ? (
        <CancelQuestion
          booking={b}
          busy={busy}
          questionRef={question}
          onCancel={() => void onCancel()}
          onKeep={() => setConfirming(false)}
        />
      ) : null}
      {error ? (
        <p className="cd-error" role="alert">
          {error}
        </p>
      ) : null}
      <JobTrust booking={b} party="customer" onChanged={refreshBookings} />
      {reviewing && reviewable ? (
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
