import { useId, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import {
  BOOKING_HOURS,
  BOOKING_MESSAGES,
  TIME_SLOTS,
  bookingRequestSchema,
  customRateBounds,
} from '../../../../contract/bookings.ts';
import type { ListingCard, ProfessionalDetail } from '../../../../contract/professionals.ts';
import { apiFetch } from '../../lib/api.ts';
import { useLoad } from '../../lib/load.ts';
import { ratingLabel, reviewsLabel } from '../../lib/format.ts';
import { formatCedis, roundToPesewa } from '../../../../contract/money.ts';
import {
  addDays,
  calendarWeeks,
  dateLabel,
  longDateLabel,
  monthsCaption,
  timeLabel,
  todayInGhana,
  WEEKDAY_SHORT,
} from '../../../../contract/dates.ts';
import { requestBooking } from '../../stores/bookings.ts';
import { offerAfterBooking } from '../../stores/push.ts';
import { $session } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { useModalDialog } from '../../ui/useModalDialog.ts';
import '../../ui/dialog.css';

/** Open slots come for the next 14 days (GET /api/professionals/:id). */
const DAYS_SHOWN = 14;

type Detail = Pick<ProfessionalDetail, 'professional' | 'today' | 'slots'>;

interface Props {
  /** The card it was opened from: shown until the profile with its open times arrives. */
  professional: ListingCard;
  onClose: () => void;
  /** After a booking was made (the dashboard refreshes its lists). */
  onBooked?: () => void;
}

/**
 * The booking dialog (docs/PRODUCT.md "Bookings"): a modal
 * <dialog> (focus stays inside; Esc closes), a Sunday-first date grid from the open slots, the ten
 * hourly slots, the rate panel with the negotiate switch, description, summary and submit.
 */
export function BookingDialog({ professional, onClose, onBooked }: Props) {
  const dialog = useModalDialog(onClose);
  // A reload (Try Again, a slot just taken) keeps the calendar shown until the new slots arrive.
  const { load, retry: reload } = useLoad<Detail>(
    String(professional.id),
    async ({ signal }) => {
      const answer = await apiFetch<ProfessionalDetail>(`/api/professionals/${professional.id}`, {
        token: $session.get().token,
        signal,
      });
      return { professional: answer.professional, today: answer.today, slots: answer.slots };
    },
    { failure: (e) => (e instanceof Error ? e.message : 'Could not load the open times.'), keepShown: true },
  );
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [negotiate, setNegotiate] = useState(false);
  const [rate, setRate] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const ids = {
    title: useId(),
    time: useId(),
    rate: useId(),
    rateHint: useId(),
    description: useId(),
    date: useId(),
    error: useId(),
    switchLabel: useId(),
  };

  const pro = load.state === 'loaded' ? load.data.professional : professional;
  const open = useMemo(() => {
    const map = new Map<string, readonly string[]>();
    if (load.state === 'loaded')
      for (const day of load.data.slots) if (day.times.length > 0) map.set(day.date, day.times);
    return map;
  }, [load]);
  const today = load.state === 'loaded' ? load.data.today : todayInGhana();
  const last = addDays(today, DAYS_SHOWN - 1);
  const weeks = useMemo(() => calendarWeeks(today, last), [today, last]);
  const bounds = customRateBounds(pro.baseRate, pro.maxRate);
  const proposed = negotiate && rate.trim() !== '' ? Number(rate) : null;
  const agreedRate = proposed !== null && Number.isFinite(proposed) ? proposed : pro.baseRate;
  const timesForDate = date ? (open.get(date) ?? []) : [];

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
    if (negotiate) {
      if (proposed === null || !Number.isFinite(proposed)) {
        setError(
          `Enter your proposed rate per hour (suggested ${formatCedis(bounds.suggestedMin)}–${formatCedis(bounds.suggestedMax)}).`,
        );
        return;
      }
      if (proposed < bounds.min || proposed > bounds.max) {
        setError(
          `Your proposed rate must be between ${formatCedis(bounds.min)} and ${formatCedis(bounds.max)} per hour.`,
        );
        return;
      }
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
    offerAfterBooking(pro.name);
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
        <header className="bd-head">
          <div className="avatar-row">
            <Avatar name={pro.name} src={pro.avatar} />
            <div>
              <h2 id={ids.title} className="bd-title">
                Book {pro.name}
              </h2>
              <p className="bd-sub">
                {pro.profession} · <span aria-hidden="true">★ </span>
                {ratingLabel(pro.rating)} ({reviewsLabel(pro.reviews)})
              </p>
            </div>
          </div>
          <button type="button" className="bd-x" aria-label="Close booking dialog" onClick={onClose}>
            ×
          </button>
        </header>

        <fieldset className="bd-fieldset">
          <legend>Date</legend>
          {load.state === 'loading' ? (
            <p className="cd-muted" role="status">
              Loading open times...
            </p>
          ) : load.state === 'failed' ? (
            <div className="cd-panel is-alert" role="alert">
              <p>{load.message}</p>
              <button type="button" className="btn btn-sm cd-button" onClick={() => reload()}>
                Try Again
              </button>
            </div>
          ) : (
            <table className="bd-cal" aria-labelledby={ids.date}>
              <caption id={ids.date}>{monthsCaption(today, last)}</caption>
              <thead>
                <tr>
                  {WEEKDAY_SHORT.map((d) => (
                    <th key={d} scope="col">
                      {d}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week[0].date}>
                    {week.map((day) => {
                      if (!day.inRange) return <td key={day.date} className="bd-pad" />;
                      const available = day.date >= today && open.has(day.date);
                      const chosen = day.date === date;
                      return (
                        <td key={day.date}>
                          <button
                            type="button"
                            className="bd-day"
                            disabled={!available}
                            aria-pressed={chosen}
                            aria-label={`${longDateLabel(day.date)}${available ? '' : ', unavailable'}`}
                            onClick={() => pickDate(day.date)}
                          >
                            {day.day}
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </fieldset>

        <fieldset className="bd-fieldset">
          <legend id={ids.time}>Time</legend>
          {date ? null : <p className="cd-muted">Choose a date to see the open times.</p>}
          <div className="bd-times" role="radiogroup" aria-labelledby={ids.time}>
            {TIME_SLOTS.map((slot) => {
              const free = timesForDate.includes(slot);
              // Struck through only when the day chosen has it taken: before a day, nothing is "booked".
              return (
                <label key={slot} className={`bd-time${free || !date ? '' : ' is-off'}`}>
                  <input
                    type="radio"
                    name="time"
                    value={slot}
                    checked={time === slot}
                    disabled={!free}
                    onChange={() => {
                      setTime(slot);
                      setError(null);
                    }}
                  />
                  {timeLabel(slot)}
                </label>
              );
            })}
          </div>
        </fieldset>

        <section className="bd-rate" aria-label="Rate">
          <p className="bd-rate-main">
            {formatCedis(pro.baseRate)}–{formatCedis(pro.maxRate)} per hour
          </p>
          {pro.rateNegotiable ? (
            <>
              <p className="cd-muted">Rate is negotiable</p>
              <div className="bd-switch">
                <button
                  type="button"
                  role="switch"
                  aria-checked={negotiate}
                  aria-labelledby={ids.switchLabel}
                  className="bd-switch-btn"
                  onClick={() => setNegotiate((n) => !n)}
                >
                  <span className="bd-switch-knob" aria-hidden="true" />
                </button>
                <span id={ids.switchLabel} onClick={() => setNegotiate((n) => !n)}>
                  Negotiate custom rate
                </span>
              </div>
              {negotiate ? (
                <div className="cd-field">
                  <label htmlFor={ids.rate}>Your proposed rate (₵ per hour)</label>
                  <input
                    id={ids.rate}
                    type="number"
                    inputMode="decimal"
                    min={bounds.min}
                    max={bounds.max}
                    step="0.5"
                    value={rate}
                    aria-describedby={ids.rateHint}
                    onChange={(e) => setRate(e.target.value)}
                  />
                  <p id={ids.rateHint} className="cd-muted">
                    Suggested range: {formatCedis(bounds.suggestedMin)}–{formatCedis(bounds.suggestedMax)} per hour
                  </p>
                </div>
              ) : null}
            </>
          ) : null}
        </section>

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

        <section className="bd-summary" aria-label="Booking summary">
          <h3>Booking summary</h3>
          <dl>
            <div>
              <dt>Date and time</dt>
              <dd>
                {date && time
                  ? `${dateLabel(date)} at ${timeLabel(time)}`
                  : date
                    ? `${dateLabel(date)}, choose a time`
                    : 'Not chosen yet'}
              </dd>
            </div>
            <div>
              <dt>Rate</dt>
              <dd>{formatCedis(agreedRate)}/hour</dd>
            </div>
            <div>
              <dt>Estimate ({BOOKING_HOURS} hours)</dt>
              <dd>{formatCedis(roundToPesewa(agreedRate * BOOKING_HOURS))}</dd>
            </div>
          </dl>
          {negotiate ? <p className="bd-note">{BOOKING_MESSAGES.customRateNote}</p> : null}
        </section>

        {error ? (
          <p id={ids.error} className="cd-error" role="alert">
            {error}
          </p>
        ) : null}

        <div className="bd-actions">
          <button type="submit" className="btn cd-button" disabled={submitting}>
            {submitting ? 'Submitting...' : negotiate ? 'Submit Request with Custom Rate' : 'Confirm Booking'}
          </button>
          <button type="button" className="btn btn-line cd-button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}

export default BookingDialog;
