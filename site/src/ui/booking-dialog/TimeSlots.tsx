import { useId } from 'react';
import { TIME_SLOTS } from '../../../../contract/bookings.ts';
import { timeLabel } from '../../../../contract/dates.ts';

/** The ten hourly slots: open ones can be chosen once a date is. */
export function TimeSlots({
  date,
  open,
  time,
  onPick,
}: {
  date: string | null;
  /** The chosen day's open times. */
  open: readonly string[];
  time: string | null;
  onPick: (time: string) => void;
}) {
  const legendId = useId();
  return (
    <fieldset className="bd-fieldset">
      <legend id={legendId}>Time</legend>
      {date ? null : <p className="cd-muted">Choose a date to see the open times.</p>}
      <div className="bd-times" role="radiogroup" aria-labelledby={legendId}>
        {TIME_SLOTS.map((slot) => {
          const free = open.includes(slot);
          // Struck through only when the day chosen has it taken: before a day, nothing is "booked".
          return (
            <label key={slot} className={`bd-time${free || !date ? '' : ' is-off'}`}>
              <input
                type="radio"
                name="time"
                value={slot}
                checked={time === slot}
                disabled={!free}
                onChange={() => onPick(slot)}
              />
              {timeLabel(slot)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
