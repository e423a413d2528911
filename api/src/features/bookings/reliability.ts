import type { Booking } from '../../../../contract/bookings.ts';
import {
  DONE_QUESTION_MS,
  LATE_CANCELLATION_MS,
  RELIABILITY_MS,
  REPORT_WINDOW_MS,
  type BookingTrust,
  type CancellationKind,
  type PartyRole,
  type Reliability,
  upholdsNoShow,
} from '../../../../contract/reports.ts';
import type { BookingRow, Count, Int8, ProblemReportRow } from '../../db-tables.ts';
import { prepared, toCount, type Conn } from '../../db.ts';
import { addTime, subtractTime, timeBetween } from '../../../../contract/dates.ts';

/**
 * How cancellations count and what a booking's card shows of them (docs/PRODUCT.md
 * "Cancellations that count", "Was the job done?"). Every figure is computed from the bookings and
 * reports at read time, so the public page, the card and the administrator's view always agree.
 */

/** A confirmed booking's cancellation: after the start, a no-show by the professional (late by the customer); within 24 hours of it, late. */
export function cancellationKind(by: PartyRole, start: Date, now: Date): CancellationKind {
  if (now.getTime() >= start.getTime()) return by === 'professional' ? 'no_show' : 'late';
  return timeBetween(now, start) <= LATE_CANCELLATION_MS ? 'late' : 'early';
}

/** A booking's start as SQL (date + hour, Ghana time = UTC). */
const START = "((b.date + b.time::time) at time zone 'UTC')";

/**
 * The last 90 days of each professional in `ids`: the jobs they were committed to (confirmed jobs
 * whose time came, and confirmed jobs they cancelled late or after the start) and how many of those
 * they kept (not cancelled late by them, not a no-show, no "did not come" upheld against them).
 */
export async function professionalReliability(db: Conn, ids: number[], now: Date): Promise<Map<number, Reliability>> {
  const figures = new Map<number, Reliability>(ids.map((id) => [id, { jobs: 0, kept: 0 }]));
  if (ids.length === 0) return figures;
  const since = subtractTime(now, { ms: RELIABILITY_MS });
  // One SQL text however many ids (an array, not a list), prepared: it runs with every search page.
  const rows = await prepared(db.from('bookings as b'))
    .whereRaw('b.professional_id = any(?::bigint[])', [`{${ids.map(Math.trunc).join(',')}}`])
    .where((w) =>
      w
        .where((held) =>
          held
            .whereIn('b.status', ['confirmed', 'completed'])
            .whereRaw(`${START} > ?`, [since])
            .whereRaw(`${START} <= ?`, [now]),
        )
        .orWhere((dropped) =>
          dropped
            .where('b.cancelled_by', 'professional')
            .whereIn('b.cancellation_kind', ['late', 'no_show'])
            .where('b.cancelled_at', '>', since),
        ),
    )
    .groupBy('b.professional_id')
    .select<{ professional_id: Int8; jobs: Count; failed: Count }[]>(
      'b.professional_id',
      db.raw('count(*) as jobs'),
      // A report is an accusation, not a verdict: only one upheld against the professional counts
      // (docs/PRODUCT.md "Problem reports"). Upholding it also ends the job as a no-show, which the
      // first test counts; the second keeps counting reports upheld before that was so.
      db.raw(
        `count(*) filter (where b.cancellation_kind is not null or exists (
          select 1 from problem_reports r
          where r.booking_id = b.id and r.reporter_role = 'customer' and r.reason = 'not_attended'
            and r.status = 'closed' and r.outcome in ('warning', 'suspension') and r.outcome_party = 'professional')) as failed`,
      ),
    );
  for (const row of rows) {
    const jobs = toCount(row.jobs);
    figures.set(Number(row.professional_id), { jobs, kept: jobs - toCount(row.failed) });
  }
  return figures;
}

/** Each customer's late cancellations (confirmed bookings they cancelled within 24 hours of the start, or after it) in the last 90 days. */
export async function customerLateCancellations(db: Conn, ids: number[], now: Date): Promise<Map<number, number>> {
  const counts = new Map<number, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  const rows = await db('bookings')
    .whereIn('customer_id', ids)
    .where({ cancelled_by: 'customer', cancellation_kind: 'late' })
    .where('cancelled_at', '>', subtractTime(now, { ms: RELIABILITY_MS }))
    .groupBy('customer_id')
    .select<{ customer_id: Int8; n: Count }[]>('customer_id', db.raw('count(*) as n'));
  for (const row of rows) counts.set(Number(row.customer_id), toCount(row.n));
  return counts;
}

type TrustRow = Pick<
  BookingRow,
  'id' | 'status' | 'completed_at' | 'done_answer' | 'cancellation_kind' | 'customer_id' | 'responded_at'
>;

/** The job's start for a booking as the API gives it. */
const startOf = (b: Pick<Booking, 'date' | 'time'>) => new Date(`${b.date}T${b.time}:00Z`);

/** "Was the job done?" as the card shows it. */
export function doneState(
  row: Pick<BookingRow, 'status' | 'completed_at' | 'done_answer'>,
  now: Date,
): BookingTrust['done'] {
  if (row.status !== 'completed' || !row.completed_at) return null;
  const until = addTime(row.completed_at, { ms: DONE_QUESTION_MS });
  const state = row.done_answer ?? (now < until ? 'awaiting' : 'counted');
  return { state, until: until.toISOString() };
}

/** From when until when the reader may report a problem with a booking (docs/PRODUCT.md "Problem reports"). */
export function reportWindow(
  row: Pick<BookingRow, 'status' | 'done_answer'>,
  start: Date,
  role: PartyRole,
): { from: Date; until: Date } | null {
  if (row.status !== 'confirmed' && row.status !== 'completed') return null;
  if (role === 'customer' && row.done_answer === 'yes') return null;
  return { from: start, until: addTime(start, { ms: REPORT_WINDOW_MS }) };
}

/** The bookings with what their cards show of items 3–5 for `userId` (one query each for bookings, reports and cancellations). */
export async function withTrust(db: Conn, userId: number, bookings: Booking[], now: Date): Promise<Booking[]> {
  if (bookings.length === 0) return bookings;
  const ids = bookings.map((b) => b.id);
  const rows: TrustRow[] = await db('bookings')
    .whereIn('id', ids)
    .select('id', 'status', 'completed_at', 'done_answer', 'cancellation_kind', 'customer_id', 'responded_at');
  const reports: (Pick<
    ProblemReportRow,
    'id' | 'booking_id' | 'reporter_role' | 'reason' | 'status' | 'outcome' | 'outcome_party'
  > & {
    messages: Count;
    photos: Count;
  })[] = await db('problem_reports as r')
    .whereIn('r.booking_id', ids)
    .orderBy('r.id')
    .select(
      'r.id',
      'r.booking_id',
      'r.reporter_role',
      'r.reason',
      'r.status',
      'r.outcome',
      'r.outcome_party',
      db.raw('(select count(*) from report_messages m where m.report_id = r.id) as messages'),
      db.raw('(select count(*) from photos p where p.report_id = r.id) as photos'),
    );
  const asProfessional = bookings.filter((b) => b.professionalId === userId).map((b) => b.customerId);
  const late = await customerLateCancellations(db, [...new Set(asProfessional)], now);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return bookings.map((b) => {
    const row = byId.get(b.id);
    if (!row) return b;
    const role: PartyRole = b.customerId === userId ? 'customer' : 'professional';
    const window = reportWindow(row, startOf(b), role);
    const mine = reports.filter((r) => Number(r.booking_id) === b.id && r.reporter_role === role);
    const onBooking = reports
      .filter((r) => Number(r.booking_id) === b.id)
      .map((r) => ({
        id: Number(r.id),
        by: r.reporter_role,
        reason: r.reason,
        status: r.status,
        outcome: r.outcome,
        outcomeParty: r.outcome_party,
        messages: toCount(r.messages),
        photos: toCount(r.photos),
      }));
    const trust: BookingTrust = {
      done: doneState(row, now),
      reportableFrom: window ? window.from.toISOString() : null,
      reportableUntil: window ? window.until.toISOString() : null,
      canReport: !!window && now >= window.from && now <= window.until && !mine.some((r) => r.status === 'open'),
      reports: onBooking,
      customerLateCancellations: role === 'professional' ? (late.get(b.customerId) ?? 0) : null,
      cancellation: row.cancellation_kind,
      cancelNow: row.status === 'confirmed' ? cancellationKind(role, startOf(b), now) : null,
      noShowFound: row.status === 'cancelled' && onBooking.some(upholdsNoShow),
    };
    return { ...b, trust };
  });
}
