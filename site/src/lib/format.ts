/**
 * Display helpers for the marketplace islands: money, rates, dates and times in Ghana time (GMT),
 * distances, ratings, badges, and the Sunday-first calendar of the booking dialog. No date library.
 */
import { cedis } from '../components/money.ts';

export { cedis };

/** "₵30–₵50/hour" (spec 001 §3 card). */
export const rateRange = (base: number, max: number): string =>
  base === max ? `${cedis(base)}/hour` : `${cedis(base)}–${cedis(max)}/hour`;

/** "08:00" → "8:00 AM", "17:00" → "5:00 PM". */
export function timeLabel(hhmm: string): string {
  const h = Number(hhmm.slice(0, 2));
  return `${h % 12 === 0 ? 12 : h % 12}:${hhmm.slice(3, 5)} ${h < 12 ? 'AM' : 'PM'}`;
}

const DAY = 86_400_000;
const parseDay = (ymd: string): Date => new Date(`${ymd}T00:00:00Z`);
const ymdOf = (date: Date): string => date.toISOString().slice(0, 10);

/** Today's date in Ghana (GMT) as yyyy-MM-dd. */
export const todayInGhana = (now: Date = new Date()): string => ymdOf(now);

/** "2025-01-15" → "Wed, 15 Jan 2025". */
export const dateLabel = (ymd: string): string =>
  parseDay(ymd).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2025-01-15" → "Wednesday, 15 January 2025" (calendar buttons' accessible names). */
export const longDateLabel = (ymd: string): string =>
  parseDay(ymd).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * "X miles", rounded to 0.1 (docs/PRODUCT.md "Distances"); "1 mile"; "about X miles" when one end
 * is a city's centre rather than a real position.
 */
export function milesLabel(miles: number, { approximate = false } = {}): string {
  const rounded = Math.round(miles * 10) / 10;
  // From a city's centre, tenths of a mile near it mean nothing ("about 0 miles" read as a mistake).
  if (approximate && rounded < 1) return 'within about a mile';
  return `${approximate ? 'about ' : ''}${rounded} ${rounded === 1 ? 'mile' : 'miles'}`;
}

/** Rating to one decimal, or "New" when there are no reviews yet. */
export const ratingLabel = (rating: number | null): string => (rating === null ? 'New' : rating.toFixed(1));

export const reviewsLabel = (count: number): string => `${count} ${count === 1 ? 'review' : 'reviews'}`;

/** "2024-03-01" → "2024". */
export const yearOf = (date: string): string => date.slice(0, 4);

/** Badge styles of spec 001 §4: completed default, confirmed secondary, pending outline, else destructive. */
export function statusVariant(status: string): 'default' | 'secondary' | 'outline' | 'destructive' {
  if (status === 'completed') return 'default';
  if (status === 'confirmed') return 'secondary';
  if (status === 'pending') return 'outline';
  return 'destructive';
}

export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export interface CalendarDay {
  date: string;
  day: number;
  /** Inside [first, last]; days outside only pad the first and last week. */
  inRange: boolean;
}

/**
 * Whole weeks, Sunday first (spec 001 §9), covering `first` to `last` (yyyy-MM-dd, inclusive).
 */
export function calendarWeeks(first: string, last: string): CalendarDay[][] {
  const start = parseDay(first);
  const end = parseDay(last);
  const gridStart = new Date(start.getTime() - start.getUTCDay() * DAY);
  const gridEnd = new Date(end.getTime() + (6 - end.getUTCDay()) * DAY);
  const weeks: CalendarDay[][] = [];
  for (let t = gridStart.getTime(); t <= gridEnd.getTime(); t += 7 * DAY) {
    const week: CalendarDay[] = [];
    for (let d = 0; d < 7; d++) {
      const date = new Date(t + d * DAY);
      week.push({ date: ymdOf(date), day: date.getUTCDate(), inRange: date >= start && date <= end });
    }
    weeks.push(week);
  }
  return weeks;
}

/** "May 2025" or "May – June 2025" or "December 2025 – January 2026" for a calendar's caption. */
export function monthsCaption(first: string, last: string): string {
  const month = (ymd: string, year: boolean) =>
    parseDay(ymd).toLocaleDateString('en-GB', { month: 'long', ...(year && { year: 'numeric' }), timeZone: 'UTC' });
  if (first.slice(0, 7) === last.slice(0, 7)) return month(first, true);
  if (first.slice(0, 4) === last.slice(0, 4)) return `${month(first, false)} – ${month(last, true)}`;
  return `${month(first, true)} – ${month(last, true)}`;
}

/** A yyyy-MM-dd `days` after `ymd`. */
export const addDays = (ymd: string, days: number): string => ymdOf(new Date(parseDay(ymd).getTime() + days * DAY));

export const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
