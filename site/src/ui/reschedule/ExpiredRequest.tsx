import { useId } from 'react';
import type { Booking } from '../../../../contract/bookings.ts';
import { useStore } from '@nanostores/react';
import { expiredRequestAlternatives } from '../../../../contract/reschedule.ts';
import { dateLabel, timeLabel } from '../../../../contract/dates.ts';
import { routeLoad } from '../../stores/load-store.ts';
import { awayText } from '../../lib/format.ts';
import { $bookingTarget } from '../../stores/find-pro.ts';
import { failure } from './BookingTime.tsx';

/** Other professionals free at an expired request's time. */
const alternativesOf = routeLoad(expiredRequestAlternatives, {
  failure: (e) => failure(e, 'Could not load other professionals.'),
});
import './booking-time.css';

/** The customer's card of a request that expired: what happened, and others free at that time. */
export function ExpiredRequest({ booking }: { booking: Booking }) {
  const headingId = useId();
  const load = useStore(alternativesOf({ params: { id: booking.id } }).$load);
  const state = load.state === 'loaded' ? load.data : null;
  const error = load.state === 'failed' ? load.message : null;

  return (
    <section className="bt-expired" aria-labelledby={headingId}>
      <p className="bt-muted">
        {booking.professionalName} did not answer in time, so this request was declined and the time is free.
      </p>
      <h4 id={headingId} className="bt-form-title">
        Free on {dateLabel(booking.date)} at {timeLabel(booking.time)}
      </h4>
      {state === null && !error ? (
        <p className="bt-muted" role="status">
          Looking for others...
        </p>
      ) : null}
      {error ? (
        <p className="form-problem" role="alert">
          {error}
        </p>
      ) : null}
      {state?.message ? <p className="bt-muted">{state.message}</p> : null}
      {state && state.professionals.length > 0 ? (
        <ul className="bt-alternatives" role="list">
          {state.professionals.map((pro) => (
            <li key={pro.id} className="bt-alternative">
              <span>
                <strong>{pro.name}</strong>
                <span className="bt-muted">
                  {' '}
                  · {pro.profession}
                  {awayText(pro)}
                  {pro.rating !== null ? ` · ${pro.rating}★` : ''}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-sm action-button"
                onClick={() =>
                  // The same time and the job's words, carried over (docs/PRODUCT.md "Bookings").
                  $bookingTarget.set({
                    ...pro,
                    draft: { date: booking.date, time: booking.time, description: booking.description },
                  })
                }
              >
                Book <span className="sr-only">{pro.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
