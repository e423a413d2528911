import { BOOKING_HOURS, BOOKING_MESSAGES } from '../../../../contract/bookings.ts';
import { formatCedis } from '../../../../contract/money.ts';
import { estimate, whenText } from './booking-request.ts';

/** What is chosen so far, the rate and the estimate; a proposed rate's note while negotiating. */
export function BookingSummary({
  date,
  time,
  agreedRate,
  negotiate,
}: {
  date: string | null;
  time: string | null;
  agreedRate: number;
  negotiate: boolean;
}) {
  return (
    <section className="bd-summary" aria-label="Booking summary">
      <h3>Booking summary</h3>
      <dl>
        <div>
          <dt>Date and time</dt>
          <dd>{whenText(date, time)}</dd>
        </div>
        <div>
          <dt>Rate</dt>
          <dd>{formatCedis(agreedRate)}/hour</dd>
        </div>
        <div>
          <dt>Estimate ({BOOKING_HOURS} hours)</dt>
          <dd>{formatCedis(estimate(agreedRate))}</dd>
        </div>
      </dl>
      {negotiate ? <p className="bd-note">{BOOKING_MESSAGES.customRateNote}</p> : null}
    </section>
  );
}
