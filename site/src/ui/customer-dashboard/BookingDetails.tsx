import type { Booking } from '../../../../contract/bookings.ts';
import { countOf } from '../../../../contract/counts.ts';
import { dateLabel, timeLabel } from '../../../../contract/dates.ts';
import { formatCedis } from '../../../../contract/money.ts';

/** When, the rate and total, where and what: the facts of one booking. */
export function BookingDetails({ booking: b }: { booking: Booking }) {
  return (
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
  );
}
