import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Booking } from '../../../../contract/bookings.ts';
import { answeredProposalWords, bookingOpenTimes, deadlineLabel, slotLabel } from '../../../../contract/reschedule.ts';
import { dateLabel, timeLabel } from '../../../../contract/dates.ts';
import { routeLoad } from '../../stores/load-store.ts';
import { answerProposal, proposeTime } from '../../stores/bookings.ts';
import { $session } from '../../stores/session.ts';
import '../../ui/wizard.css';
import './booking-time.css';

/**
 * A booking's deadline and its time moving (docs/PRODUCT.md "Bookings"),
 * on both dashboards' cards: "Answer by …" while a request waits, the time proposed with Accept /
 * Decline (or who is to answer), "Propose another time" with the professional's open times, and on
 * the customer's card of an expired request, other professionals free then.
 */

export const token = () => $session.get().token;
export const failure = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

/** A booking's open days for another time, read each time the form opens (the slots move). */
const openTimesOf = routeLoad(bookingOpenTimes, {
  select: (answer) => answer.days.filter((d) => d.times.length > 0),
  failure: (e) => failure(e, 'Could not load the open times.'),
});

/** Whose deadline it is while the request waits: "Answer by Tue 2:00 PM", "Waiting for Ekow's answer until …". */
export function AnswerBy({ booking, viewer }: { booking: Booking; viewer: 'customer' | 'professional' }) {
  if (booking.status !== 'pending' || !booking.answerBy) return null;
  return (
    <p className="bt-deadline">
      {viewer === 'professional' ? 'Answer by' : `Waiting for ${booking.professionalName}'s answer until`}{' '}
      <time dateTime={booking.answerBy}>{deadlineLabel(booking.answerBy)}</time>
    </p>
  );
}

interface TimeProps {
  booking: Booking;
  /** Whose card this is: the other party answers a proposal made by this one. */
  viewer: 'customer' | 'professional';
  otherName: string;
  /** After a change, with the server's words (the bookings store already took the booking). */
  onChanged: (message: string) => void;
}

/** The proposal waiting on the booking, or "Propose another time" when none is. */
export function BookingTime({ booking, viewer, otherName, onChanged }: TimeProps) {
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const proposal = booking.proposal;
  if (booking.status !== 'pending' && booking.status !== 'confirmed') return null;

  async function answer(what: 'accept' | 'decline') {
    setBusy(what);
    setError(null);
    const outcome = await answerProposal(booking.id, what);
    setBusy(null);
    if (outcome.ok) onChanged(outcome.message);
    else setError(outcome.message);
  }

  if (proposal) {
    const mine = proposal.proposedBy === viewer;
    return (
      <div className="bt-proposal" role="group" aria-label="Proposed new time">
        <p>
          <strong>New time proposed:</strong> {slotLabel(proposal.date, proposal.time)}
        </p>
        <p className="bt-muted">
          {mine ? `Waiting for ${otherName}'s answer until` : 'Answer by'}{' '}
          <time dateTime={proposal.answerBy}>{deadlineLabel(proposal.answerBy)}</time>. Until then the booking keeps its
          time.
        </p>
        {mine ? null : (
          <div className="form-actions">
            <button
              type="button"
              className="btn btn-sm action-button"
              disabled={busy !== null}
              onClick={() => void answer('accept')}
            >
              {busy === 'accept' ? 'Accepting...' : 'Accept new time'}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-line action-button"
              disabled={busy !== null}
              onClick={() => void answer('decline')}
            >
              {busy === 'decline' ? 'Declining...' : 'Decline new time'}
            </button>
          </div>
        )}
        {error ? (
          <p className="form-problem" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  const answered = booking.answeredProposal;
  return (
    <div className="bt-propose">
      {answered && answered.proposedBy === viewer ? (
        <p className="bt-answered">{answeredProposalWords(answered, otherName)}</p>
      ) : null}
      {picking ? (
        <ProposeForm
          booking={booking}
          onCancel={() => setPicking(false)}
          onProposed={(message) => {
            setPicking(false);
            onChanged(message);
          }}
        />
      ) : (
        <button type="button" className="btn btn-sm btn-line action-button" onClick={() => setPicking(true)}>
          Propose another time
        </button>
      )}
    </div>
  );
}

/** A day and a time from the professional's open times (GET /api/bookings/:id/open-times). */
function ProposeForm({
  booking,
  onCancel,
  onProposed,
}: {
  booking: Booking;
  onCancel: () => void;
  onProposed: (message: string) => void;
}) {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ids = { day: useId(), time: useId(), error: useId(), title: useId() };
  const openTimesStore = openTimesOf({ params: { id: booking.id } });
  const openTimes = useStore(openTimesStore.$load);
  const days = openTimes.state === 'loaded' ? openTimes.data : null;
  const notice =
    openTimes.state === 'failed'
      ? openTimes.message
      : days?.length === 0
        ? 'No other open times in the next two weeks. Message them to agree one.'
        : null;
  const problem = error ?? notice;

  const times = days?.find((d) => d.date === date)?.times ?? [];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!date || !time) {
      setError('Choose a day and a time first.');
      return;
    }
    setSending(true);
    setError(null);
    const outcome = await proposeTime(booking.id, { date, time });
    setSending(false);
    if (outcome.ok) {
      onProposed(outcome.message);
      return;
    }
    setError(outcome.message);
    void openTimesStore.refresh(); // the times again: the one chosen may have just been taken
  }

  return (
    <form className="bt-form" aria-labelledby={ids.title} onSubmit={(e) => void onSubmit(e)}>
      <p id={ids.title} className="bt-form-title">
        Propose another time
      </p>
      {days === null && !problem ? (
        <p className="bt-muted" role="status">
          Loading open times...
        </p>
      ) : null}
      {days && days.length > 0 ? (
        <div className="field-row">
          <div className="form-field">
            <label htmlFor={ids.day}>Day</label>
            <select
              id={ids.day}
              value={date}
              onChange={(e) => {
                setDate(e.target.value);
                setTime('');
              }}
            >
              <option value="">Choose a day</option>
              {days.map((d) => (
                <option key={d.date} value={d.date}>
                  {dateLabel(d.date)}
                </option>
              ))}
            </select>
          </div>
          <div className="form-field">
            <label htmlFor={ids.time}>Time</label>
            <select id={ids.time} value={time} disabled={!date} onChange={(e) => setTime(e.target.value)}>
              <option value="">{date ? 'Choose a time' : 'Choose a day first'}</option>
              {times.map((t) => (
                <option key={t} value={t}>
                  {timeLabel(t)}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
      {problem ? (
        <p id={ids.error} className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="form-actions">
        {days && days.length > 0 ? (
          <button type="submit" className="btn btn-sm action-button" disabled={sending}>
            {sending ? 'Sending...' : 'Send proposal'}
          </button>
        ) : null}
        <button type="button" className="btn btn-sm btn-line action-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
