import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { type Booking, DECLINE_REASON_MAX } from '../../../../contract/bookings.ts';
import type { BookingAction } from '../../stores/bookings.ts';
import { AskFirst } from './AskFirst.tsx';
import { cancelJobQuestion, completeJobQuestion, declineQuestion } from './job-card.ts';

/** The action asked first (docs/PRODUCT.md "Bookings"): which one waits for Yes. Accept is one tap. */
export type Asking = 'decline' | 'cancel' | 'complete' | null;

/** What each action asked first asks, on a job of which status. */
const QUESTIONS: Record<
  Exclude<Asking, null>,
  {
    action: BookingAction;
    status: Booking['status'];
    label: string;
    question: (job: Booking) => string;
    yes: string;
    busyYes: string;
    no: string;
  }
> = {
  decline: {
    action: 'decline',
    status: 'pending',
    label: 'Confirm declining the request',
    question: declineQuestion,
    yes: 'Yes, decline',
    busyYes: 'Declining...',
    no: 'Keep the request',
  },
  cancel: {
    action: 'cancel',
    status: 'confirmed',
    label: 'Confirm cancelling the job',
    question: cancelJobQuestion,
    yes: 'Yes, cancel the job',
    busyYes: 'Cancelling...',
    no: 'Keep the job',
  },
  complete: {
    action: 'complete',
    status: 'confirmed',
    label: 'Confirm marking the job completed',
    question: completeJobQuestion,
    yes: 'Yes, mark it completed',
    busyYes: 'Saving...',
    no: 'Not yet',
  },
};

/**
 * A job's buttons by its status (Accept, Decline; Call, Mark Completed once started, Cancel Job)
 * and the question a decline, a cancel or a completion asks first.
 */
export function JobActions({
  job,
  busy,
  started,
  asking,
  onAsk,
  onAct,
  messageButton,
}: {
  job: Booking;
  /** The action the server is answering: every button waits. */
  busy: BookingAction | null;
  started: boolean;
  asking: Asking;
  onAsk: (asking: Asking) => void;
  /** `reason`: a decline's optional words for the customer. */
  onAct: (action: BookingAction, reason?: string) => Promise<void>;
  messageButton: ReactNode;
}) {
  const waiting = busy !== null;
  const question = asking ? QUESTIONS[asking] : null;
  const reasonId = useId();
  const [reason, setReason] = useState('');
  return (
    <>
      <div className="form-actions">
        {job.status === 'pending' ? (
          <>
            <button type="button" className="btn action-button" disabled={waiting} onClick={() => void onAct('accept')}>
              {busy === 'accept' ? 'Accepting...' : 'Accept'}
            </button>
            {asking === 'decline' ? null : (
              <button
                type="button"
                className="btn btn-line action-button"
                disabled={waiting}
                onClick={() => onAsk('decline')}
              >
                Decline
              </button>
            )}
            {messageButton}
          </>
        ) : null}
        {job.status === 'confirmed' ? (
          <>
            {messageButton}
            {job.contactPhone ? (
              <a className="btn btn-line action-button dash-call" href={`tel:${job.contactPhone}`}>
                Call <span className="sr-only">{job.customerName}</span>
              </a>
            ) : null}
            {started && !asking ? (
              <button type="button" className="btn action-button" disabled={waiting} onClick={() => onAsk('complete')}>
                Mark Completed
              </button>
            ) : null}
            {asking ? null : (
              <button
                type="button"
                className="btn btn-line action-button"
                disabled={waiting}
                onClick={() => onAsk('cancel')}
              >
                Cancel Job
              </button>
            )}
          </>
        ) : null}
      </div>
      {question && job.status === question.status ? (
        <AskFirst
          label={question.label}
          question={question.question(job)}
          yes={busy === asking ? question.busyYes : question.yes}
          no={question.no}
          busy={waiting}
          onYes={() =>
            void onAct(question.action, asking === 'decline' ? reason.trim() : undefined).then(() => onAsk(null))
          }
          onNo={() => onAsk(null)}
        >
          {asking === 'decline' ? (
            <div className="field">
              <label htmlFor={reasonId}>Reason for {job.customerName} (optional)</label>
              <textarea
                id={reasonId}
                rows={2}
                maxLength={DECLINE_REASON_MAX}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
          ) : null}
        </AskFirst>
      ) : null}
    </>
  );
}
