/**
 * Display helpers for the dashboards: dates in Ghana time (GMT, so UTC here), hours as "9:00 AM",
 * months as "November 2026", and the month calendar whose weeks start on Sunday (spec 001 §9).
 */
export { cedis, longDate } from '../components/money.ts';

/** "09:00" → "9:00 AM", "17:00" → "5:00 PM". */
export function hourLabel(time: string): string {
  const hour = Number(time.slice(0, 2));
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${time.slice(3, 5) || '00'} ${suffix}`;
}

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** "2026-11-03" → "Tuesday, 3 November 2026". */
export const dayLabel = (iso: string): string =>
  utc(iso).toLocaleDateString('en-GH', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-11-03" → "Tue, 3 Nov 2026". */
export const shortDay = (iso: string): string =>
  utc(iso).toLocaleDateString('en-GH', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2026-11" → "November 2026". */
export const monthLabel = (month: string): string =>
  utc(`${month}-01`).toLocaleDateString('en-GH', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Today in Ghana (GMT) as yyyy-MM-dd. */
export const todayIso = (now = new Date()): string => now.toISOString().slice(0, 10);

/** "2026-11" plus `delta` months. */
export function addMonths(month: string, delta: number): string {
  const d = utc(`${month}-01`);
  d.setUTCMonth(d.getUTCMonth() + delta);
  return d.toISOString().slice(0, 7);
}

/**
 * The weeks of `month` ("2026-11"), Sunday first: each week has 7 cells, a yyyy-MM-dd date or
 * null for the days before the 1st and after the last.
 */
export function monthWeeks(month: string): (string | null)[][] {
  const first = utc(`${month}-01`);
  const lead = first.getUTCDay(); // 0 = Sunday
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= days; day++) cells.push(`${month}-${String(day).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** "Rate negotiated to ₵…" style preview: "₵30–₵50 per hour · negotiable". */
export function rateSummary(base: number, max: number, negotiable: boolean, format: (n: number) => string): string {
  return `${format(base)}–${format(max)} per hour · ${negotiable ? 'negotiable' : 'fixed rate'}`;
}

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A job's start: "2026-12-01", "10:00" → "Tue 1 Dec, 10:00 AM" (Ghana time). */
export function startLabel(date: string, time: string): string {
  const d = utc(date);
  return `${WEEKDAY[d.getUTCDay()]} ${d.getUTCDate()} ${MONTH[d.getUTCMonth()]}, ${hourLabel(time)}`;
}

/** A job's start as milliseconds since 1970: Ghana keeps GMT all year, so the wall clock is UTC. */
export const startMs = (date: string, time: string): number => Date.parse(`${date}T${time}:00Z`);
