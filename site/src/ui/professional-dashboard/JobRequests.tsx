import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { $bookings, retryBookings } from '../../stores/bookings.ts';
import { showingBookings } from '../../stores/unread.ts';
import { GuardLoading } from '../../ui/GuardLoading.tsx';
import { LoadFailed } from '../../ui/kit.tsx';
import { PushOfferCard } from '../../ui/PushCards.tsx';
import { useFocusOn } from '../../ui/useFocus.ts';
import { JobCard } from './JobCard.tsx';
import { useStatusLine } from './useStatusLine.ts';
import { JOB_FILTERS, jobCount, jobsShown, noJobsText } from './job-card.ts';
import type { JobFilter } from './job-card.ts';

interface Props {
  user: SessionUser;
  /** The sub-filters offered, first one selected. */
  filters?: readonly { id: JobFilter; label: string }[];
  heading?: string;
}

/** Job Requests tab: every request addressed to the professional, filtered here (one download). */
export default function JobRequests({ user, filters = JOB_FILTERS, heading = 'Job Requests' }: Props) {
  const jobs = useStore($bookings);
  const [filter, setFilter] = useState<JobFilter>(filters[0]?.id ?? 'all');
  const headingId = useId();
  const [done, setDone] = useStatusLine();
  // The job acted on leaves the list shown (Pending, Confirmed): focus moves to what happened.
  const doneRef = useFocusOn<HTMLParagraphElement>(done);

  useEffect(showingBookings, []);

  const all = jobs.state === 'loaded' ? jobs.data : [];
  const shown = jobsShown(all, filter);

  return (
    <section className="dash-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {/* Offered here, where new requests arrive (docs/PRODUCT.md "Notifications on the phone"). */}
      <PushOfferCard offer="jobs" text="Get a notification on this phone for new requests" />
      <div className="dash-filters" role="group" aria-label="Show jobs">
        {filters.map((f) => (
          <button
            key={f.id}
            type="button"
            className="dash-filter"
            aria-pressed={filter === f.id}
            onClick={() => setFilter(f.id)}
          >
            {f.label}
            {jobs.state === 'loaded' ? ` (${jobCount(all, f.id)})` : ''}
          </button>
        ))}
      </div>
      <p ref={doneRef} tabIndex={-1} role="status" className="form-status">
        {done}
      </p>
      {jobs.state === 'loading' ? <GuardLoading text="Loading job requests..." /> : null}
      {jobs.state === 'failed' ? (
        <LoadFailed message={jobs.message} onRetry={() => void retryBookings()} look="card" />
      ) : null}
      {jobs.state === 'loaded' && shown.length === 0 ? <p className="dash-empty">{noJobsText(filter)}</p> : null}
      {shown.length > 0 ? (
        <ul className="dash-list" role="list">
          {shown.map((job) => (
            <JobCard key={job.id} job={job} user={user} onDone={setDone} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
