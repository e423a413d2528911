import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { WEEKDAYS, availabilitySchema } from '../../../../contract/professionals.ts';
import type { Weekday } from '../../../../contract/professionals.ts';
import { useFocusBack } from '../../ui/useFocusBack.ts';
import { useFocusOn } from '../../ui/useFocus.ts';
import {
  longDateLabel,
  monthLabel,
  monthOfDay,
  monthWeeks,
  shiftMonth,
  timeLabel,
  todayInGhana,
} from '../../../../contract/dates.ts';
import { JobCard } from './JobCard.tsx';
import { useStatusLine } from './useStatusLine.ts';
import { useSaveForm } from './useSaveForm.ts';
import { $bookings } from '../../stores/bookings.ts';
import { saveAvailability } from '../../stores/professional.ts';
import type { ProfessionalRecord } from '../../stores/professional.ts';
import { countOf } from '../../../../contract/counts.ts';
import { Card, FormProblem } from '../../ui/kit.tsx';

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

/** Weekly availability: the days worked and one start and end hour (PUT /api/professional/availability). */
function AvailabilityEditor({ record }: { record: ProfessionalRecord }) {
  const id = useId();
  const [days, setDays] = useState<Weekday[]>(record.availability.days as Weekday[]);
  const [start, setStart] = useState(record.availability.start);
  const [end, setEnd] = useState(record.availability.end);
  const { errors, status, saving, submit } = useSaveForm();
  const saveButton = useFocusBack<HTMLButtonElement>(saving);

  function toggle(day: Weekday, on: boolean) {
    setDays((current) => WEEKDAYS.filter((d) => (d === day ? on : current.includes(d))));
  }

  const onSubmit = (event: FormEvent) =>
    submit(event, () => availabilitySchema.safeParse({ days, start, end }), saveAvailability);

  return (
    <Card title="Weekly Availability">
      <form className="form-grid" onSubmit={(e) => void onSubmit(e)} noValidate>
        <fieldset className="dash-days">
          <legend>Days you work</legend>
          {WEEKDAYS.map((day) => (
            <label key={day} className="choice">
              <input type="checkbox" checked={days.includes(day)} onChange={(e) => toggle(day, e.target.checked)} />
              {day}
            </label>
          ))}
        </fieldset>
        {days.length === 0 ? <p className="field-hint">With no days ticked, customers cannot book you.</p> : null}
        <div className="field-row">
          <div className="form-field">
            <label htmlFor={`${id}-start`}>Start time</label>
            <select id={`${id}-start`} value={start} onChange={(e) => setStart(e.target.value)}>
              {HOURS.map((h) => (
                <option key={h} value={h}>
                  {timeLabel(h)}
                </option>
              ))}
            </select>
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-end`}>End time</label>
            <select
              id={`${id}-end`}
              value={end}
              onChange={(e) => setEnd(e.target.value)}
              aria-invalid={errors.end ? true : undefined}
              aria-describedby={errors.end ? `${id}-end-error` : undefined}
            >
              {HOURS.map((h) => (
                <option key={h} value={h}>
                  {timeLabel(h)}
                </option>
              ))}
            </select>
            {errors.end ? (
              <p className="field-error" id={`${id}-end-error`}>
                {errors.end}
              </p>
            ) : null}
          </div>
        </div>
        <FormProblem message={errors.form ?? errors.days} />
        <div className="form-actions">
          <button ref={saveButton} type="submit" className="btn action-button" disabled={saving}>
            {saving ? 'Saving...' : 'Save Availability'}
          </button>
        </div>
        <p role="status" className="form-status">
          {status}
        </p>
      </form>
    </Card>
  );
}

/** A month of confirmed jobs, weeks starting on Sunday; choosing a day lists its jobs. */
function JobCalendar({ user }: { user: SessionUser }) {
  const id = useId();
  const jobs = useStore($bookings);
  const today = todayInGhana();
  const [month, setMonth] = useState(monthOfDay(today));
  const [chosen, setChosen] = useState(today);
  const [done, setDone] = useStatusLine();
  // A job marked completed or cancelled leaves the calendar's list: focus goes to what happened.
  const doneRef = useFocusOn<HTMLParagraphElement>(done);

  const confirmed = jobs.state === 'loaded' ? jobs.data.filter((j) => j.status === 'confirmed') : [];
  const perDay = new Map<string, number>();
  for (const job of confirmed) perDay.set(job.date, (perDay.get(job.date) ?? 0) + 1);
  const upcoming = confirmed
    .filter((j) => j.date >= today)
    .sort((a, b) => `${a.date}${a.time}`.localeCompare(`${b.date}${b.time}`));
  const onDay = confirmed.filter((j) => j.date === chosen).sort((a, b) => a.time.localeCompare(b.time));

  return (
    <Card title="Confirmed Jobs Calendar">
      {upcoming[0] ? (
        <p>
          Next job: {longDateLabel(upcoming[0].date)} at {timeLabel(upcoming[0].time)} with {upcoming[0].customerName}.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setMonth(monthOfDay(upcoming[0]!.date));
              setChosen(upcoming[0]!.date);
            }}
          >
            Show on calendar
          </button>
        </p>
      ) : jobs.state === 'loaded' ? (
        <p className="dash-muted">No upcoming confirmed jobs.</p>
      ) : null}
      <FormProblem message={jobs.state === 'failed' ? jobs.message : null} />
      <div className="dash-cal-head">
        <button
          type="button"
          className="btn btn-line action-button"
          onClick={() => setMonth((m) => shiftMonth(m, -1))}
          aria-label="Previous month"
        >
          ‹
        </button>
        <h3 id={`${id}-month`} aria-live="polite">
          {monthLabel(month)}
        </h3>
        <button
          type="button"
          className="btn btn-line action-button"
          onClick={() => setMonth((m) => shiftMonth(m, 1))}
          aria-label="Next month"
        >
          ›
        </button>
      </div>
      <table className="dash-cal" aria-labelledby={`${id}-month`}>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" abbr={d}>
                {d.slice(0, 3)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, w) => (
            <tr key={w}>
              {week.map((date, d) => {
                if (!date) return <td key={d} />;
                const n = perDay.get(date) ?? 0;
                return (
                  <td key={d}>
                    <button
                      type="button"
                      className={`dash-day${n ? ' has-jobs' : ''}${date === today ? ' is-today' : ''}`}
                      aria-pressed={date === chosen}
                      aria-label={`${longDateLabel(date)}${n ? `, ${countOf(n, 'confirmed job')}` : ''}`}
                      onClick={() => setChosen(date)}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <h3 id={`${id}-day`}>{longDateLabel(chosen)}</h3>
      <p ref={doneRef} tabIndex={-1} role="status" className="form-status">
        {done}
      </p>
      {onDay.length ? (
        <ul className="dash-list" role="list" aria-labelledby={`${id}-day`}>
          {onDay.map((job) => (
            <JobCard key={job.id} job={job} user={user} onDone={setDone} compact />
          ))}
        </ul>
      ) : jobs.state === 'loaded' ? (
        <p className="dash-muted">No confirmed jobs on this day.</p>
      ) : null}
    </Card>
  );
}

/** Schedule tab. */
export default function Schedule({ user, record }: { user: SessionUser; record: ProfessionalRecord }) {
  return (
    <div className="dash-stack">
      <AvailabilityEditor record={record} />
      <JobCalendar user={user} />
    </div>
  );
}
