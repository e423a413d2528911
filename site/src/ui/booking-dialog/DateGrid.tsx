import { LoadFailed } from '../../ui/kit.tsx';
import { useId, useMemo } from 'react';
import { calendarWeeks, longDateLabel, monthsCaption, WEEKDAY_SHORT } from '../../../../contract/dates.ts';
import type { Load } from '../../lib/load.ts';

/** The Sunday-first date grid from `today` to `last`: a day is a button when it has open times. */
export function DateGrid({
  load,
  onRetry,
  today,
  last,
  open,
  date,
  onPick,
}: {
  /** The open times' load: the grid shows once they are here. */
  load: Load<unknown>;
  onRetry: () => void;
  today: string;
  last: string;
  open: Map<string, readonly string[]>;
  date: string | null;
  onPick: (date: string) => void;
}) {
  const captionId = useId();
  const weeks = useMemo(() => calendarWeeks(today, last), [today, last]);
  return (
    <fieldset className="bd-fieldset">
      <legend>Date</legend>
      {load.state === 'loading' ? (
        <p className="cd-muted" role="status">
          Loading open times...
        </p>
      ) : load.state === 'failed' ? (
        <LoadFailed message={load.message} onRetry={onRetry} />
      ) : (
        <table className="bd-cal" aria-labelledby={captionId}>
          <caption id={captionId}>{monthsCaption(today, last)}</caption>
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
                  return (
                    <td key={day.date}>
                      <button
                        type="button"
                        className="bd-day"
                        disabled={!available}
                        aria-pressed={day.date === date}
                        aria-label={`${longDateLabel(day.date)}${available ? '' : ', unavailable'}`}
                        onClick={() => onPick(day.date)}
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
  );
}
