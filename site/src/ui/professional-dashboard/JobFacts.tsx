import type { Booking } from '../../../../contract/bookings.ts';
import { countOf } from '../../../../contract/counts.ts';
import { dateLabel, timeLabel } from '../../../../contract/dates.ts';
import { formatCedis } from '../../../../contract/money.ts';

/** When, how long, the rate and total, and (unless compact) where: the facts of one job. */
export function JobFacts({ job, compact }: { job: Booking; compact: boolean }) {
  const negotiated = job.proposedRate !== null;
  return (
    <dl className="dash-facts">
      <dt>Date</dt>
      <dd>
        <time dateTime={`${job.date}T${job.time}`}>
          {dateLabel(job.date)} · {timeLabel(job.time)}
        </time>
      </dd>
      <dt>Duration</dt>
      <dd>{countOf(job.duration, 'hour')}</dd>
      <dt>{negotiated ? 'Proposed rate' : 'Agreed rate'}</dt>
      <dd>{formatCedis(job.agreedRate)}/hour</dd>
      <dt>Total</dt>
      <dd>{formatCedis(job.totalAmount)}</dd>
      {job.location && !compact ? (
        <>
          <dt>Location</dt>
          <dd>{job.location}</dd>
        </>
      ) : null}
    </dl>
  );
}
