import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { SessionUser } from '../../../../contract/account-types.ts';
import type { Booking } from '../../../../contract/bookings.ts';
import { startLabel } from '../../../../contract/dates.ts';
import { actOnBooking, refreshBookings } from '../../stores/bookings.ts';
import type { BookingAction } from '../../stores/bookings.ts';
import { $session } from '../../stores/session.ts';
import { $unread, unreadName } from '../../stores/unread.ts';
import { bookingStatusWords } from '../../lib/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { UnreadBadge } from '../../ui/UnreadBadge.tsx';
import { focusedControl, useFocusBack } from '../../ui/useFocusBack.ts';
import { JobTrust } from '../reports/JobTrust.tsx';
import { AnswerBy, BookingTime } from '../reschedule/BookingTime.tsx';
import { JobActions } from './JobActions.tsx';
import type { Asking } from './JobActions.tsx';
import { JobFacts } from './JobFacts.tsx';
import { useStarted } from './useStarted.ts';

const ChatPanel = lazyPart('chat', () => import('../chat/ChatPanel.tsx'), 'Loading messages...');

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
  const [asking, setAsking] = useState<Asking>(null);
  // The buttons are disabled while the server answers: after a refusal, focus goes back to the one used.
  const origin = useFocusBack<HTMLElement>(busy !== null);

  async function act(action: BookingAction, reason?: string) {
    origin.current = focusedControl();
    setBusy(action);
    setProblem('');
    onDone('');
    const outcome = await actOnBooking(job.id, action, reason ? { reason } : {});
    setBusy(null);
    if (outcome.ok) onDone(outcome.message);
    else setProblem(outcome.message);
  }

  // A confirmed job can be marked completed once it has started (docs/PRODUCT.md "Bookings").
  const started = useStarted(job.date, job.time);
  const open = job.status === 'pending' || job.status === 'confirmed';
  const messageButton: ReactNode = open ? (
    <button
      type="button"
      className="btn btn-line action-button"
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
    <li className="card dash-job" aria-labelledby={`${id}-name`}>
      <div className="dash-job-head">
        <Avatar name={job.customerName} src={job.customerAvatar} />
        <h3 id={`${id}-name`}>{job.customerName}</h3>
        <span className={`dash-status is-${job.status}`}>{bookingStatusWords(job)}</span>
      </div>
      <p className="dash-job-service">{job.service}</p>
      {job.description ? <p>{job.description}</p> : null}
      <JobFacts job={job} compact={compact} />
      {job.notes ? <p className="dash-note">{job.notes}</p> : null}
      {job.declined && job.declineReason ? <p className="dash-muted">Your reason: “{job.declineReason}”</p> : null}
      <AnswerBy booking={job} viewer="professional" />
      <JobActions
        job={job}
        busy={busy}
        started={started}
        asking={asking}
        onAsk={setAsking}
        onAct={act}
        messageButton={messageButton}
      />
      <BookingTime booking={job} viewer="professional" otherName={job.customerName} onChanged={onDone} />
      {job.status === 'confirmed' && !started ? (
        <p className="dash-muted">You can mark this completed from {startLabel(job.date, job.time)}.</p>
      ) : null}
      {job.status === 'pending' ? (
        <p className="dash-muted">You can message {job.customerName} before you accept.</p>
      ) : null}
      {problem ? (
        <p role="alert" className="form-problem">
          {problem}
        </p>
      ) : null}
      {compact ? null : <JobTrust booking={job} party="professional" onChanged={refreshBookings} />}
      {chatOpen && token ? (
        <div id={`${id}-chat`} className="dash-chat">
          <ChatPanel bookingId={job.id} token={token} meId={user.id} otherName={job.customerName} />
        </div>
      ) : null}
    </li>
  );
}
