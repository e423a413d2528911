import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { SessionUser } from '../../../../contract/account-types.ts';
import type { Booking, BookingStatus } from '../../../../contract/bookings.ts';
import { $session } from '../../stores/session.ts';
import { $unread, showingBookings, unreadName } from '../../stores/unread.ts';
import { UnreadBadge } from '../../ui/UnreadBadge.tsx';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { AnswerBy, BookingTime } from '../Reschedule/BookingTime.tsx';
import { GuardLoading } from '../../ui/GuardLoading.tsx';
import { focusedControl, useFocusBack } from '../../ui/useFocusBack.ts';
import { useFocusOn } from '../../ui/useFocus.ts';
import { formatCedis } from '../../../../contract/money.ts';
import { $bookings, actOnBooking, loadBookings, refreshBookings, serverNow } from '../../stores/bookings.ts';
import type { BookingAction } from '../../stores/bookings.ts';
import { dateLabel, startLabel, startMs, timeLabel } from '../../../../contract/dates.ts';
import { JobTrust } from '../Reports/JobTrust.tsx';
import type { CancellationKind } from '../../../../contract/reports.ts';
import { countOf } from '../../../../contract/counts.ts';
import { PushOfferCard } from '../../ui/PushCards.tsx';

/** What the professional is told before cancelling a confirmed job (docs/PRODUCT.md "Cancellations that count"). */
const CANCEL_NOW_WORDS: Record<CancellationKind, string> = {
  early: 'The customer is told at once.',
  late: 'It starts within 24 hours, so this counts as a late cancellation on your public page.',
  no_show: 'Its time has started, so this counts as a no-show on your public page.',
};

const ChatPanel = lazyPart('chat', () => import('../Chat/ChatPanel.tsx'), 'Loading messages...');

export type JobFilter = BookingStatus | 'all';
export const JOB_FILTERS: readonly { id: JobFilter; label: string }[] = [
  { id: 'pending', label: 'Pending' },
  { id: 'confirmed', label: 'Confirmed' },
  { id: 'completed', label: 'Completed' },
  { id: 'all', label: 'All' },
];

const STATUS_LABEL: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const byWhen = (a: Booking, b: Booking) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`) || a.id - b.id;

/** Longest wait setTimeout takes (about 24.8 days); a later start is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Whether the job's start has passed on the server's clock; turns true by itself when it does. */
function useStarted(date: string, time: string): boolean {
  const start = startMs(date, time);
  const [started, setStarted] = useState(() => serverNow() >= start);
  useEffect(() => {
    if (serverNow() >= start) {
      setStarted(true);
      return;
    }
    setStarted(false);
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      const left = start - serverNow();
      if (left <= 0) setStarted(true);
      else timer = setTimeout(wait, Math.min(left, MAX_TIMER_MS));
    };
    wait();
    return () => clearTimeout(timer);
  }, [start]);
  return started;
}

/** A question before an action that cannot be undone: focus goes to it, Yes acts, No puts it away. */
function AskFirst(props: {
  label: string;
  question: string;
  yes: string;
  no: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="pd-confirm" role="group" aria-label={props.label}>
      <p>{props.question}</p>
      <div className="wz-actions">
        <button type="button" className="btn wz-button" disabled={props.busy} onClick={props.onYes}>
          {props.yes}
        </button>
        <button type="button" className="btn btn-line wz-button" disabled={props.busy} onClick={props.onNo}>
          {props.no}
        </button>
      </div>
    </div>
  );
}

/** One job request with its actions (docs/PRODUCT.md "Bookings"). */
export function JobCard({
  job,
  user,
  onDone,
  compact = false,
}: {
  job: Booking;
  user: SessionUser;
  onDone: (message: string) => void;
  compact?: boolean;
}) {
  const id = useId();
  const token = useStore($session).token;
  const unread = useStore($unread).chats[job.id];
  const [busy, setBusy] = useState<BookingAction | null>(null);
  const [problem, setProblem] = useState('');
  const [chatOpen, setChatOpen] = useState(false);
  // An action that is asked first (docs/PRODUCT.md "Bookings"): which one waits for Yes.
  const [asking, setAsking] = useState<'cancel' | 'complete' | null>(null);
  // The buttons are disabled while the server answers: after a refusal, focus goes back to the one used.
  const origin = useFocusBack<HTMLElement>(busy !== null);

  async function act(action: BookingAction) {
    origin.current = focusedControl();
    setBusy(action);
    setProblem('');
    onDone('');
    const outcome = await actOnBooking(job.id, action);
    setBusy(null);
    if (outcome.ok) onDone(outcome.message);
    else setProblem(outcome.message);
  }

  const negotiated = job.proposedRate !== null;
  // A confirmed job can be marked completed once it has started (docs/PRODUCT.md "Bookings").
  const started = useStarted(job.date, job.time);
  const open = job.status === 'pending' || job.status === 'confirmed';
  const messageButton: ReactNode = open ? (
    <button
      type="button"
      className="btn btn-line wz-button"
      aria-expanded={chatOpen}
      aria-controls={chatOpen ? `${id}-chat` : undefined}
      aria-label={chatOpen ? undefined : unreadName('Message', unread)}
      onClick={() => setChatOpen((o) => !o)}
    >
      {chatOpen ? 'Close Messages' : 'Message'}
      {chatOpen ? null : <UnreadBadge count={unread} />}
    </button>
  ) : null;
  return (
    <li className="card pd-job" aria-labelledby={`${id}-name`}>
      <div className="pd-job-head">
        <h3 id={`${id}-name`}>{job.customerName}</h3>
        <span className={`pd-status is-${job.status}`}>
          {job.expired ? 'Not answered in time' : STATUS_LABEL[job.status]}
        </span>
      </div>
      <p className="pd-job-service">{job.service}</p>
      {job.description ? <p>{job.description}</p> : null}
      <dl className="pd-facts">
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
      {job.notes ? <p className="pd-note">{job.notes}</p> : null}
      <AnswerBy booking={job} />
      <div className="wz-actions">
        {job.status === 'pending' ? (
          <>
            <button type="button" className="btn wz-button" disabled={busy !== null} onClick={() => void act('accept')}>
              {busy === 'accept' ? 'Accepting...' : 'Accept'}
            </button>
            <button
              type="button"
              className="btn btn-line wz-button"
              disabled={busy !== null}
              onClick={() => void act('decline')}
            >
              {busy === 'decline' ? 'Declining...' : 'Decline'}
            </button>
            {messageButton}
          </>
        ) : null}
        {job.status === 'confirmed' ? (
          <>
            {messageButton}
            {job.contactPhone ? (
              <a className="btn btn-line wz-button pd-call" href={`tel:${job.contactPhone}`}>
                Call <span className="sr-only">{job.customerName}</span>
              </a>
            ) : null}
            {started && !asking ? (
              <button
                type="button"
                className="btn wz-button"
                disabled={busy !== null}
                onClick={() => setAsking('complete')}
              >
                Mark Completed
              </button>
            ) : null}
            {asking ? null : (
              <button
                type="button"
                className="btn btn-line wz-button"
                disabled={busy !== null}
                onClick={() => setAsking('cancel')}
              >
                Cancel Job
              </button>
            )}
          </>
        ) : null}
      </div>
      {job.status === 'confirmed' && asking === 'cancel' ? (
        <AskFirst
          label="Confirm cancelling the job"
          question={`Cancel the job with ${job.customerName} on ${dateLabel(job.date)} at ${timeLabel(job.time)}? ${CANCEL_NOW_WORDS[job.trust?.cancelNow ?? 'early']}`}
          yes={busy === 'cancel' ? 'Cancelling...' : 'Yes, cancel the job'}
          no="Keep the job"
          busy={busy !== null}
          onYes={() => void act('cancel').then(() => setAsking(null))}
          onNo={() => setAsking(null)}
        />
      ) : null}
      {job.status === 'confirmed' && asking === 'complete' ? (
        <AskFirst
          label="Confirm marking the job completed"
          question={`Mark the job with ${job.customerName} on ${dateLabel(job.date)} as completed? ${job.customerName} will be asked to confirm it was done.`}
          yes={busy === 'complete' ? 'Saving...' : 'Yes, mark it completed'}
          no="Not yet"
          busy={busy !== null}
          onYes={() => void act('complete').then(() => setAsking(null))}
          onNo={() => setAsking(null)}
        />
      ) : null}
      <BookingTime booking={job} viewer="professional" otherName={job.customerName} onChanged={onDone} />
      {job.status === 'confirmed' && !started ? (
        <p className="pd-muted">You can mark this completed from {startLabel(job.date, job.time)}.</p>
      ) : null}
      {job.status === 'pending' ? (
        <p className="pd-muted">You can message {job.customerName} before you accept.</p>
      ) : null}
      {problem ? (
        <p role="alert" className="wz-alert">
          {problem}
        </p>
      ) : null}
      {compact ? null : <JobTrust booking={job} party="professional" onChanged={refreshBookings} />}
      {chatOpen && token ? (
        <div id={`${id}-chat`} className="pd-chat">
          <ChatPanel bookingId={job.id} token={token} meId={user.id} otherName={job.customerName} />
        </div>
      ) : null}
    </li>
  );
}

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
  const [done, setDone] = useState('');
  // The job acted on leaves the list shown (Pending, Confirmed): focus moves to what happened.
  const doneRef = useFocusOn<HTMLParagraphElement>(done);

  useEffect(showingBookings, []);

  const all = jobs.state === 'loaded' ? jobs.data : [];
  const count = (f: JobFilter) => (f === 'all' ? all.length : all.filter((j) => j.status === f).length);
  const shown = all.filter((j) => filter === 'all' || j.status === filter).sort(byWhen);

  return (
    <section className="pd-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {/* Offered here, where new requests arrive (docs/PRODUCT.md "Notifications on the phone"). */}
      <PushOfferCard offer="jobs" text="Get a notification on this phone for new requests" />
      <div className="pd-filters" role="group" aria-label="Show jobs">
        {filters.map((f) => (
          <button
            key={f.id}
            type="button"
            className="pd-filter"
            aria-pressed={filter === f.id}
            onClick={() => setFilter(f.id)}
          >
            {f.label}
            {jobs.state === 'loaded' ? ` (${count(f.id)})` : ''}
          </button>
        ))}
      </div>
      <p ref={doneRef} tabIndex={-1} role="status" className="wz-status">
        {done}
      </p>
      {jobs.state === 'loading' ? <GuardLoading text="Loading job requests..." /> : null}
      {jobs.state === 'failed' ? (
        <div role="alert" className="wz-alert">
          <p>{jobs.message}</p>
          <button type="button" className="btn btn-line wz-button" onClick={() => void loadBookings({ retry: true })}>
            Try Again
          </button>
        </div>
      ) : null}
      {jobs.state === 'loaded' && shown.length === 0 ? (
        <p className="pd-empty">
          {filter === 'pending'
            ? 'No pending job requests right now.'
            : filter === 'all'
              ? 'No job requests yet.'
              : `No ${filter} jobs.`}
        </p>
      ) : null}
      {shown.length > 0 ? (
        <ul className="pd-list" role="list">
          {shown.map((job) => (
            <JobCard key={job.id} job={job} user={user} onDone={setDone} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
