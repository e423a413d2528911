/**
 * Dates and times, for the server and the browser alike. Ghana keeps GMT all year (no summer
 * time), so Ghana's wall clock is UTC: every function here reads and writes UTC, whatever the
 * machine's or the phone's own time zone. No date library.
 *
 * Dates travel as `yyyy-MM-dd` strings ("ymd"), months as `yyyy-MM`, times of day as `HH:MM`.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * The one locale of every date shown or sent. en-GB and en-GH write the same dates (both "Sept"
 * for September) except weekday + day + month without a year, where en-GH puts a comma ("Monday,
 * 23 November"; `compactDay` drops it for texts), and the hours, which en-GH gives on a 12-hour clock.
 */
export const LOCALE = 'en-GH';

const UTC = { timeZone: 'UTC' } as const;

/** `yyyy-MM-dd` → midnight at its start, Ghana time. */
export const parseDay = (ymd: string): Date => new Date(`${ymd}T00:00:00Z`);

/** The date (yyyy-MM-dd) in Ghana of an instant; today by default. */
export const todayInGhana = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** The month (yyyy-MM) in Ghana of an instant. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/** A yyyy-MM-dd `days` after `ymd` (negative: before). */
export const addDays = (ymd: string, days: number): string =>
  todayInGhana(new Date(parseDay(ymd).getTime() + days * DAY_MS));

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

/** "2026-11" plus `delta` months: "2026-12" + 1 → "2027-01". */
export const shiftMonth = (month: string, delta: number): string => monthOf(addMonths(parseDay(`${month}-01`), delta));

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

/** An instant's time of day on the 24-hour clock, Ghana time: "13:05". */
export const clockTime = (at: Date): string => at.toISOString().slice(11, 16);

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
  parseDay(`${month}-01`).toLocaleDateString(LOCALE, { month: 'long', year: 'numeric', ...UTC });

/*
 * The next three write fixed English names, the same on every device whatever its Intl data, so
 * September is "Sep" there and "Sept" in the Intl labels above (as each screen has always shown it).
 */

/** "25 Nov 2026, 14:03": when something happened (the admin's audit trail). */
export const stampLabel = (at: Date): string =>
  `${at.getUTCDate()} ${MONTH_SHORT[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${clockTime(at)}`;

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
