import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { BOOKING_MESSAGES, bookingRequestSchema, customRateBounds } from '../../../../contract/bookings.ts';
import type { ListingCard } from '../../../../contract/professionals.ts';
import { requestBooking } from '../../stores/bookings.ts';
import type { BookingDraft } from '../../stores/find-pro.ts';
import { offerAfterBooking } from '../../stores/push.ts';
import { showToast } from '../../stores/toast.ts';
import { useModalDialog } from '../../ui/useModalDialog.ts';
import { FormProblem } from '../../ui/kit.tsx';
import '../../ui/dialog.css';
import { BookingSummary } from './BookingSummary.tsx';
import { DialogHead } from './DialogHead.tsx';
import { DateGrid } from './DateGrid.tsx';
import { RatePanel } from './RatePanel.tsx';
import { TimeSlots } from './TimeSlots.tsx';
import { otherCityWords, rateProblem, rates, submitLabel } from './booking-request.ts';
import { useOpenTimes } from './useOpenTimes.ts';

interface Props {
  /** The card it was opened from: shown until the profile with its open times arrives. */
  professional: ListingCard;
  onClose: () => void;
  /** After a booking was made (the dashboard refreshes its lists). */
  onBooked?: () => void;
  /** The day, time and words to start from (an expired request booked again with someone else). */
  draft?: BookingDraft;
  /** The customer's city and address: a professional of another city is said to be so. */
  from?: { city: string | null; address: string | null };
}

/**
 * The booking dialog (docs/PRODUCT.md "Bookings"): a modal
 * <dialog> (focus stays inside; Esc closes), a Sunday-first date grid from the open slots, the ten
 * hourly slots, the rate panel with the negotiate switch, description, summary and submit.
 */
export function BookingDialog({ professional, onClose, onBooked, draft, from }: Props) {
  const dialog = useModalDialog(onClose);
  const { load, reload, pro, open, today, last } = useOpenTimes(professional);
  const [date, setDate] = useState<string | null>(draft?.date ?? null);
  const [time, setTime] = useState<string | null>(draft?.time ?? null);
  const [negotiate, setNegotiate] = useState(false);
  const [rate, setRate] = useState('');
  const [description, setDescription] = useState(draft?.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const ids = { title: useId(), description: useId(), error: useId() };

  const bounds = customRateBounds(pro.baseRate, pro.maxRate);
  const { proposed, agreedRate } = rates(negotiate, rate, pro.baseRate);
  const timesForDate = date ? (open.get(date) ?? []) : [];
  const farAway = from && load.state === 'loaded' ? otherCityWords(load.data.professional, from) : null;

  function pickDate(next: string) {
    setDate(next);
    setError(null);
    if (time && !(open.get(next) ?? []).includes(time)) setTime(null);
  }

  function reset() {
    setDate(null);
    setTime(null);
    setNegotiate(false);
    setRate('');
    setDescription('');
    setError(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (!pro.id || !date || !time) {
      setError(BOOKING_MESSAGES.required);
      return;
    }
    const rateRefused = negotiate ? rateProblem(proposed, bounds) : null;
    if (rateRefused) {
      setError(rateRefused);
      return;
    }
    const parsed = bookingRequestSchema.safeParse({
      professionalId: pro.id,
      date,
      time,
      description,
      proposedRate: negotiate ? proposed : undefined,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? BOOKING_MESSAGES.required);
      return;
    }
    setSubmitting(true);
    setError(null);
    const outcome = await requestBooking(parsed.data);
    setSubmitting(false);
    if (!outcome.ok) {
      setError(outcome.message);
      // A slot taken meanwhile: show the times as they are now, keeping what was typed.
      reload();
      return;
    }
    showToast({ title: outcome.message, variant: 'success' });
    // Now, not on page load: the customer waits for this answer (docs/PRODUCT.md "Notifications on the phone").
    offerAfterBooking(pro);
    reset();
    onBooked?.();
    onClose();
  }

  return (
    <dialog
      ref={dialog}
      className="bd"
      aria-labelledby={ids.title}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <form className="bd-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <DialogHead pro={pro} titleId={ids.title} onClose={onClose} />
        {farAway ? <p className="bd-far">{farAway}</p> : null}

        <DateGrid load={load} onRetry={reload} today={today} last={last} open={open} date={date} onPick={pickDate} />

        <TimeSlots
          date={date}
          open={timesForDate}
          time={time}
          onPick={(slot) => {
            setTime(slot);
            setError(null);
          }}
        />

        <RatePanel
          pro={pro}
          bounds={bounds}
          negotiate={negotiate}
          onNegotiate={() => setNegotiate((n) => !n)}
          rate={rate}
          onRate={setRate}
        />

        <div className="cd-field">
          <label htmlFor={ids.description}>Job description</label>
          <textarea
            id={ids.description}
            rows={3}
            maxLength={2000}
            value={description}
            placeholder="What do you need done?"
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>

        <BookingSummary date={date} time={time} agreedRate={agreedRate} negotiate={negotiate} />

        <FormProblem id={ids.error} message={error} />

        <div className="bd-actions">
          <button type="submit" className="btn action-button" disabled={submitting}>
            {submitLabel(submitting, negotiate)}
          </button>
          <button type="button" className="btn btn-line action-button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}

export default BookingDialog;
