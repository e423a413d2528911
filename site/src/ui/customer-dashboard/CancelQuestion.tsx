import type { Ref } from 'react';
import type { Booking } from '../../../../contract/bookings.ts';
import { dateLabel, timeLabel } from '../../../../contract/dates.ts';
import { lateCancelWarning } from './booking-card.ts';

/** "Cancel your booking …?" with Yes and Keep booking; it takes focus when it opens (`questionRef`). */
export function CancelQuestion({
  booking: b,
  busy,
  questionRef,
  onCancel,
  onKeep,
}: {
  booking: Booking;
  busy: boolean;
  questionRef: Ref<HTMLDivElement>;
  onCancel: () => void;
  onKeep: () => void;
}) {
  return (
    <div
      ref={questionRef}
      tabIndex={-1}
      className="cd-panel is-alert cd-confirm"
      role="group"
      aria-label="Confirm cancellation"
    >
      <p>
        Cancel your booking with {b.professionalName} on {dateLabel(b.date)} at {timeLabel(b.time)}?
        {lateCancelWarning(b)}
      </p>
      <div className="cd-actions">
        <button type="button" className="btn btn-sm action-button cd-danger-solid" disabled={busy} onClick={onCancel}>
          {busy ? 'Cancelling...' : 'Yes, cancel booking'}
        </button>
        <button type="button" className="btn btn-sm btn-line action-button" disabled={busy} onClick={onKeep}>
          Keep booking
        </button>
      </div>
    </div>
  );
}
