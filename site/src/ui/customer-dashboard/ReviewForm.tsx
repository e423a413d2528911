import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Booking } from '../../../../contract/bookings.ts';
import { reviewSchema } from '../../../../contract/bookings.ts';
import { countOf } from '../../../../contract/counts.ts';
import { reviewBooking } from '../../stores/bookings.ts';
import { showToast } from '../../stores/toast.ts';

/** Leave Review: one to five stars and a comment; `onDone(true)` once the review is stored. */
export function ReviewForm({ booking, onDone }: { booking: Booking; onDone: (reviewed: boolean) => void }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<{ text: string; about: 'rating' | 'form' } | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { legend: useId(), comment: useId() };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = reviewSchema.safeParse({ rating, comment });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({
        text: issue?.message ?? 'Choose a rating from 1 to 5 stars.',
        about: issue?.path[0] === 'rating' ? 'rating' : 'form',
      });
      return;
    }
    setBusy(true);
    setError(null);
    const outcome = await reviewBooking(booking.id, parsed.data);
    setBusy(false);
    if (!outcome.ok) {
      setError({ text: outcome.message, about: 'form' });
      return;
    }
    showToast({ title: outcome.message, variant: 'success' });
    onDone(true);
  }

  return (
    <form className="cd-review" onSubmit={(e) => void onSubmit(e)} aria-label={`Review ${booking.professionalName}`}>
      <fieldset className="cd-stars">
        <legend id={ids.legend}>Your rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`cd-star${n <= rating ? ' is-on' : ''}`}>
            <input
              type="radio"
              name={`rating-${booking.id}`}
              value={n}
              checked={rating === n}
              onChange={() => {
                setRating(n);
                // "Choose a rating…" is answered once a star is chosen: it does not stay in red.
                if (error?.about === 'rating') setError(null);
              }}
            />
            <span aria-hidden="true">★</span>
            <span className="sr-only">{countOf(n, 'star')}</span>
          </label>
        ))}
      </fieldset>
      <div className="cd-field">
        <label htmlFor={ids.comment}>Comment</label>
        <textarea
          id={ids.comment}
          rows={3}
          maxLength={2000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      {error ? (
        <p className="cd-error" role="alert">
          {error.text}
        </p>
      ) : null}
      <div className="cd-actions">
        <button type="submit" className="btn btn-sm action-button" disabled={busy}>
          {busy ? 'Sending...' : 'Submit Review'}
        </button>
        <button type="button" className="btn btn-sm btn-line action-button" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
