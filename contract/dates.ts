/**
 * Dates and times, for the server and the browser alike. Ghana keeps GMT all year (no summer
 * time), so Ghana's wall clock is UTC: every function here reads and writes UTC, whatever the
 * machine's or the phone's own time zone. No date library.
 *
 * Dates travel as `yyyy-MM-dd` strings ("ymd"), months as `yyyy-MM`, times of day as `HH:MM`.
 */

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * The one locale of every date shown or sent. en-GB and en-GH write the same dates (both "Sept"
 * for September) except weekday + day + month without a year, where en-GH puts a comma ("Monday,
 * 23 November"; `compactDay` drops it for texts), and the hours, which en-GH gives on a 12-hour clock.
 */
export const LOCALE = 'en-GH';

const UTC = { timeZone: 'UTC' } as const;

/** An instant as the database, the API or a timer gives it: a Date, an ISO string, or milliseconds since 1970. */
export type Instant = Date | string | number;

const msOf = (at: Instant): number =>
  at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);

/** A length of time in the units people count in; the parts add up ({ hours: 1, minutes: 30 }). */
export interface Duration {
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
  ms?: number;
}

/** A duration in milliseconds. */
export const durationMs = ({ days = 0, hours = 0, minutes = 0, seconds = 0, ms = 0 }: Duration): number =>
  days * DAY_MS + hours * HOUR_MS + minutes * MINUTE_MS + seconds * SECOND_MS + ms;

/** The instant `length` after `at` (a deadline, an expiry). */
export const addTime = (at: Instant, length: Duration): Date => new Date(msOf(at) + durationMs(length));

/** The instant `length` before `at` (the start of a "last hour" or "last 30 days" window). */
export const subtractTime = (at: Instant, length: Duration): Date => new Date(msOf(at) - durationMs(length));

/** Milliseconds from `from` to `to`; negative when `to` is earlier. */
export const timeBetween = (from: Instant, to: Instant): number => msOf(to) - msOf(from);

/** Seconds from `from` to `to`, with the fraction (how long a request waited for its answer). */
export const secondsBetween = (from: Instant, to: Instant): number => timeBetween(from, to) / SECOND_MS;

/** Whole days from `from` to `to`, rounded down (the day count of a run of daily attempts). */
export const wholeDaysBetween = (from: Instant, to: Instant): number => Math.floor(timeBetween(from, to) / DAY_MS);

/** `yyyy-MM-dd` → midnight at its start, Ghana time. */
export const parseDay = (ymd: string): Date => new Date(`${ymd}T00:00:00Z`);

/** The date (yyyy-MM-dd) in Ghana of an instant. */
export const dayOf = (at: Instant): string => new Date(msOf(at)).toISOString().slice(0, 10);

/** The date (yyyy-MM-dd) in Ghana of an instant; today by default. */
export const todayInGhana = (now: Date = new Date()): string => dayOf(now);

/** Midnight at the start of an instant's day, Ghana time. */
export const startOfDay = (at: Instant): Date => parseDay(dayOf(at));

/** The start of an instant's hour (a rate limit's window). */
export const startOfHour = (at: Instant): Date => new Date(Math.floor(msOf(at) / HOUR_MS) * HOUR_MS);

/** 0 for Sunday to 6 for Saturday, Ghana time, of an instant or a yyyy-MM-dd. */
export const weekdayOf = (at: Instant): number => new Date(msOf(at)).getUTCDay();

/** The calendar year in Ghana of an instant (a copyright line). */
export const yearOf = (at: Instant): number => new Date(msOf(at)).getUTCFullYear();

/** `hour` o'clock on the day `ymd`, Ghana time; null when `ymd` is no real day (2026-02-30). */
export function atHour(ymd: string, hour: number): Date | null {
  const at = new Date(`${ymd}T${String(hour).padStart(2, '0')}:00:00Z`);
  return Number.isNaN(at.getTime()) || dayOf(at) !== ymd ? null : at;
}

/** The month (yyyy-MM) in Ghana of an instant. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/** The month (yyyy-MM) of a day (yyyy-MM-dd). */
export const monthOfDay = (ymd: string): string => ymd.slice(0, 7);

/** `yyyy-MM` → the first instant of that month, Ghana time. */
export const parseMonth = (month: string): Date => parseDay(`${month}-01`);

/** A yyyy-MM-dd `days` after `ymd` (negative: before). */
export const addDays = (ymd: string, days: number): string => dayOf(addTime(parseDay(ymd), { days }));

/**
 * `months` calendar months later (negative: earlier), clamping the day to the month's last (31
 * January + 1 month is 28 or 29 February), keeping the time of day: how a paid period is
 * extended, and how the browser foresees it.
 */
export function addMonths(date: Date, months = 1): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** `years` calendar years later (negative: earlier), 29 February clamped to the 28th as `addMonths` does. */
export const addYears = (date: Date, years: number): Date => addMonths(date, 12 * years);

/** "2026-11" plus `delta` months: "2026-12" + 1 → "2027-01". */
export const shiftMonth = (month: string, delta: number): string => monthOf(addMonths(parseMonth(month), delta));

/** The first instant of the calendar month `monthsBack` months before `now`'s, Ghana time. */
export const monthStart = (now: Date, monthsBack = 0): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));

/** Whole days from `now` to `end`, rounded up, never below 0 ("3 days left"). */
export const daysLeft = (end: Date, now: Date): number =>
  Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));

/** A slot's start ("2026-12-01", "10:00") as milliseconds since 1970. */
export const startMs = (date: string, time: string): number => Date.parse(`${date}T${time}:00Z`);

/** "08:00" → "8:00 AM", "12:30" → "12:30 PM", "00:00" → "12:00 AM", "17:00" → "5:00 PM" ("09" → "9:00 AM"). */
export function timeLabel(hhmm: string): string {
  const h = Number(hhmm.slice(0, 2));
  return `${h % 12 === 0 ? 12 : h % 12}:${hhmm.slice(3, 5) || '00'} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * An instant's time of day as booking times are written ("2:54 PM"), Ghana time: a booking's card
 * says every time of day this way, never mixing it with the 24-hour clock.
 */
export const hourLabel = (at: Instant): string => timeLabel(clockTime(at));

/** An instant's time of day on the 24-hour clock, Ghana time: "13:05", or "13:05:09" with the seconds (a debugging log). */
export const clockTime = (at: Instant, { seconds = false } = {}): string =>
  new Date(msOf(at)).toISOString().slice(11, seconds ? 19 : 16);

/** "15 January 2027": paid-until dates in emails, texts, prompt answers and cards. */
export const longDate = (date: Date): string =>
  date.toLocaleDateString(LOCALE, { day: 'numeric', month: 'long', year: 'numeric', ...UTC });

/** "15 Jan 2027". */
export const shortDate = (date: Date): string =>
  date.toLocaleDateString(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', ...UTC });

/** "15 Jan". */
export const dayMonth = (date: Date): string =>
  date.toLocaleDateString(LOCALE, { day: 'numeric', month: 'short', ...UTC });

/** "15 Jan 2025, 01:05 pm GMT". */
export const dateTimeLabel = (date: Date): string =>
  `${date.toLocaleString(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', ...UTC })} GMT`;

/** "2025-01-15" → "Wed, 15 Jan 2025". */
export const dateLabel = (ymd: string): string =>
  parseDay(ymd).toLocaleDateString(LOCALE, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...UTC,
  });

/** "2025-01-15" → "Wednesday, 15 January 2025" (also the calendar buttons' accessible names). */
export const longDateLabel = (ymd: string): string =>
  parseDay(ymd).toLocaleDateString(LOCALE, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', ...UTC });

/** "2026-11-23" → "Monday, 23 November" (a booking's day in emails). */
export const weekdayLabel = (ymd: string): string =>
  parseDay(ymd).toLocaleDateString(LOCALE, { weekday: 'long', day: 'numeric', month: 'long', ...UTC });

export const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "2026-11-24" → "Tue 24 Nov" (no comma: texts are counted in characters); September is "Sept", as Intl writes it. */
export const compactDay = (ymd: string): string =>
  parseDay(ymd)
    .toLocaleDateString(LOCALE, { weekday: 'short', day: 'numeric', month: 'short', ...UTC })
    .replace(',', '');

/** "2026-11" → "November 2026". */
export const monthLabel = (month: string): string =>
  parseMonth(month).toLocaleDateString(LOCALE, { month: 'long', year: 'numeric', ...UTC });

/*
 * The labels from here to the calendars write fixed English names, the same on every device whatever its Intl data, so
 * September is "Sep" there and "Sept" in the Intl labels above (as each screen has always shown it).
 */

/** "25 Nov 2026, 14:03": when something happened (the admin's audit trail). */
export const stampLabel = (at: Date): string =>
  `${at.getUTCDate()} ${MONTH_SHORT[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${clockTime(at)}`;

/** "25 Nov 2026, 2:03 PM": when something happened, on a booking's card (the 12-hour clock of its times). */
export const cardStampLabel = (at: Date): string =>
  `${at.getUTCDate()} ${MONTH_SHORT[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${hourLabel(at)}`;

/** "10:42 AM" when `at` is on `now`'s day, else "10:42 AM on 25 Nov", Ghana time (the 12-hour clock of booking times): when what a screen shows came. */
export function seenAtLabel(at: Instant, now: Instant): string {
  const when = new Date(msOf(at));
  const time = hourLabel(when);
  return dayOf(when) === dayOf(now) ? time : `${time} on ${when.getUTCDate()} ${MONTH_SHORT[when.getUTCMonth()]}`;
}

/** A job's start: "2026-12-01", "10:00" → "Tue 1 Dec, 10:00 AM". */
export function startLabel(date: string, time: string): string {
  const d = parseDay(date);
  return `${WEEKDAY_SHORT[d.getUTCDay()]} ${d.getUTCDate()} ${MONTH_SHORT[d.getUTCMonth()]}, ${timeLabel(time)}`;
}

/** "2026-03" → "Mar 2026" (the admin chart's axis). */
export function shortMonthLabel(month: string): string {
  const [year, m] = month.split('-');
  return `${MONTH_SHORT[Number(m) - 1] ?? m} ${year}`;
}

/** "May 2025" or "May – June 2025" or "December 2025 – January 2026" for a calendar's caption. */
export function monthsCaption(first: string, last: string): string {
  const month = (ymd: string, year: boolean) =>
    parseDay(ymd).toLocaleDateString(LOCALE, { month: 'long', ...(year && { year: 'numeric' }), ...UTC });
  if (first.slice(0, 7) === last.slice(0, 7)) return month(first, true);
  if (first.slice(0, 4) === last.slice(0, 4)) return `${month(first, false)} – ${month(last, true)}`;
  return `${month(first, true)} – ${month(last, true)}`;
}

export interface CalendarDay {
  date: string;
  day: number;
  /** Inside [first, last]; days outside only pad the first and last week. */
  inRange: boolean;
}

/** Whole weeks, Sunday first as in Ghana, covering `first` to `last` (yyyy-MM-dd, inclusive). */
export function calendarWeeks(first: string, last: string): CalendarDay[][] {
  const start = parseDay(first);
  const end = parseDay(last);
  const gridStart = new Date(start.getTime() - start.getUTCDay() * DAY_MS);
  const gridEnd = new Date(end.getTime() + (6 - end.getUTCDay()) * DAY_MS);
  const weeks: CalendarDay[][] = [];
  for (let t = gridStart.getTime(); t <= gridEnd.getTime(); t += 7 * DAY_MS) {
    const week: CalendarDay[] = [];
    for (let d = 0; d < 7; d++) {
      const date = new Date(t + d * DAY_MS);
      week.push({ date: todayInGhana(date), day: date.getUTCDate(), inRange: date >= start && date <= end });
    }
    weeks.push(week);
  }
  return weeks;
}

/** The weeks of `month` ("2026-11"), Sunday first: a yyyy-MM-dd per day of the month, null for the padding. */
export const monthWeeks = (month: string): (string | null)[][] =>
  calendarWeeks(`${month}-01`, addDays(`${shiftMonth(month, 1)}-01`, -1)).map((week) =>
    week.map((d) => (d.inRange ? d.date : null)),
  );
