import type { Knex } from 'knex';
import type { Tables } from 'knex/types/tables.js';
import { toCedis } from '../../../../contract/money.ts';
import type { Booking, BookingStatus } from '../../../../contract/bookings.ts';
import { subtractTime } from '../../../../contract/dates.ts';
import type { BookingRow, Count, Int8, Writable } from '../../db-tables.ts';
import { type Conn, prepared } from '../../db.ts';
import { avatarUrl } from '../photos/index.ts';
import { graceStart } from '../settings/index.ts';

/** The bookings' queries (features/bookings): the table `bookings`, and what the bookings read of others. */

/** An account's email, for the notifications about its bookings. */
export const emailOf = async (conn: Conn, userId: number): Promise<string> =>
  (await conn('users').where({ id: userId }).first('email'))!.email;

/** Paid, or within the grace period after the paid month ended. */
export async function hasPaidSubscription(conn: Conn, userId: number, now: Date): Promise<boolean> {
  return !!(await conn('subscriptions')
    .where({ user_id: userId })
    .where('period_end', '>', graceStart(conn, now))
    .first());
}

/** Where the customer said they are: the booking's place. */
export const customerPlace = (conn: Conn, customerId: number) =>
  conn('users').where({ id: customerId }).first('local_address', 'location');

/**
 * The customer's requests: waiting for this professional, waiting in all, and made in the last hour.
 * The customer's row is locked first, so requests sent at the same moment are counted one after another.
 */
export async function countRequestsOf(trx: Knex.Transaction, customerId: number, professionalId: number, now: Date) {
  await trx('users').where({ id: customerId }).forUpdate().first('id');
  return trx('bookings')
    .where({ customer_id: customerId })
    .first<{ open_here: Count; open_all: Count; last_hour: Count }>(
      trx.raw("count(*) filter (where status = 'pending' and professional_id = ?) as open_here", [professionalId]),
      trx.raw("count(*) filter (where status = 'pending') as open_all"),
      trx.raw('count(*) filter (where created_at > ?) as last_hour', [subtractTime(now, { hours: 1 })]),
    );
}

/** A new request; its id. The partial unique index bookings_open_slot_unique refuses a second open one for a slot. */
export async function insertBooking(conn: Conn, row: Tables['bookings']['insert']): Promise<number> {
  const [inserted] = await conn('bookings').insert(row).returning('id');
  return Number(inserted.id);
}

/** A booking the user is a party to, with its day as text, or undefined. */
export const partyBookingRow = (conn: Conn, userId: number, id: number) =>
  conn('bookings')
    .where({ id })
    .where((w) => w.where('customer_id', userId).orWhere('professional_id', userId))
    .first('*', conn.raw("to_char(date, 'YYYY-MM-DD') as day"));

/**
 * Moves a booking from one of `from` to its next state: conditional, so of two concurrent actions
 * only one finds it there; a waiting request past its deadline is the system's to decline, not the
 * professional's to answer. The count moved (0 or 1).
 */
export const moveBooking = (conn: Conn, id: number, from: BookingStatus[], changes: Writable<BookingRow>, now: Date) =>
  conn('bookings')
    .where({ id })
    .whereIn('status', from)
    .where((w) => w.whereNot('status', 'pending').orWhereNull('answer_by').orWhere('answer_by', '>', now))
    .update(changes);

/** What a refused move says: the booking's state now. */
export const bookingState = (conn: Conn, id: number) =>
  conn('bookings').where({ id }).first('status', 'cancelled_by', 'answer_by');

/** A forgotten account's reasons for declining go (privacy/anonymise.ts); the bookings stay for the other party. */
export async function forgetDeclineReasonsOf(conn: Conn, userId: number): Promise<void> {
  await conn('bookings').where({ professional_id: userId }).update({ decline_reason: null });
}

/** A row of findBookings: the booking, its day as text, both parties' names and phones, the profession, any review. */
type BookingListRow = BookingRow & {
  day: string;
  c_first: string;
  c_last: string;
  c_phone: string;
  p_first: string;
  p_last: string;
  p_phone: string;
  c_avatar: string | null;
  profession: string;
  review_id: Int8 | null;
  bp_id: Int8 | null;
  bp_day: string | null;
  bp_time: string | null;
  bp_by: Int8 | null;
  bp_expires: Date | string | null;
  lp_id: Int8 | null;
  lp_day: string | null;
  lp_time: string | null;
  lp_by: Int8 | null;
  lp_status: 'accepted' | 'declined' | 'expired' | null;
  lp_answered: Date | string | null;
};

/**
 * What findBookings reads: the booking, both parties' names and phones, the profession, any review,
 * and, while the booking can move, the time waiting for an answer (features/bookings/reschedule.ts)
 * and the last one answered (its proposer is told on the card).
 * SQL text, prepared: the dashboards run it on every read, and its five joins cost more to plan,
 * and building it with knex more, than running it (docs/BENCHMARKS.md).
 */
const BOOKING_LIST_SQL = `select b.*, to_char(b.date, 'YYYY-MM-DD') as day,
    c.first_name as c_first, c.last_name as c_last, c.phone as c_phone, c.avatar_hash as c_avatar,
    pu.first_name as p_first, pu.last_name as p_last, pu.phone as p_phone, p.profession, r.id as review_id,
    bp.id as bp_id, to_char(bp.date, 'YYYY-MM-DD') as bp_day, bp.time as bp_time, bp.proposed_by as bp_by, bp.expires_at as bp_expires,
    lp.id as lp_id, to_char(lp.date, 'YYYY-MM-DD') as lp_day, lp.time as lp_time, lp.proposed_by as lp_by, lp.status as lp_status,
    coalesce(lp.answered_at, lp.expires_at) as lp_answered
  from bookings b
  join users c on c.id = b.customer_id
  join users pu on pu.id = b.professional_id
  join professional_profiles p on p.user_id = b.professional_id
  left join reviews r on r.booking_id = b.id
  left join booking_proposals bp on bp.booking_id = b.id and bp.status = 'open' and b.status in ('pending', 'confirmed')
  left join lateral (select * from booking_proposals x where x.booking_id = b.id and x.status <> 'open' order by x.id desc limit 1) lp
    on b.status in ('pending', 'confirmed')`;

/** Bookings the user is a party to, with both names, as the dashboards show them (one SQL text per filter used). */
export async function findBookings(
  db: Conn,
  userId: number,
  filter: { id?: number; status?: BookingStatus; limit?: number } = {},
): Promise<Booking[]> {
  const where = [
    '(b.customer_id = ? or b.professional_id = ?)',
    filter.id !== undefined && 'b.id = ?',
    filter.status && 'b.status = ?',
  ].filter(Boolean);
  const bindings = [userId, userId, filter.id, filter.status, filter.limit].filter((v) => v !== undefined);
  const { rows }: { rows: BookingListRow[] } = await prepared(
    db.raw(
      `${BOOKING_LIST_SQL} where ${where.join(' and ')} order by b.date desc, b.time desc, b.id desc${filter.limit !== undefined ? ' limit ?' : ''}`,
      bindings as Knex.Value[],
    ),
  );
  return rows.map((r) => {
    const isCustomer = Number(r.customer_id) === userId;
    return {
      id: Number(r.id),
      customerId: Number(r.customer_id),
      professionalId: Number(r.professional_id),
      professionalName: `${r.p_first} ${r.p_last}`,
      customerName: `${r.c_first} ${r.c_last}`,
      customerAvatar: avatarUrl(r.c_avatar),
      service: r.profession,
      description: r.description,
      date: r.day,
      time: r.time,
      duration: r.duration_hours,
      agreedRate: toCedis(r.agreed_rate_pesewas),
      proposedRate: r.proposed_rate_pesewas === null ? null : toCedis(r.proposed_rate_pesewas),
      status: r.status,
      location: r.location,
      notes: r.notes,
      createdAt: new Date(r.created_at).toISOString(),
      totalAmount: toCedis(r.total_pesewas),
      contactPhone: r.status === 'confirmed' ? (isCustomer ? r.p_phone : r.c_phone) : null,
      reviewed: r.review_id !== null,
      answerBy: r.status === 'pending' && r.answer_by ? new Date(r.answer_by).toISOString() : null,
      expired: r.cancelled_by === 'system',
      declined: r.status === 'cancelled' && r.cancelled_by === 'professional' && r.cancellation_kind === null,
      declineReason: r.decline_reason,
      proposal:
        r.bp_id === null
          ? null
          : {
              id: Number(r.bp_id),
              date: r.bp_day!,
              time: r.bp_time!,
              proposedBy: Number(r.bp_by) === Number(r.customer_id) ? 'customer' : 'professional',
              answerBy: new Date(r.bp_expires!).toISOString(),
            },
      // The last proposal's answer holds until the next one is made (docs/PRODUCT.md "Bookings").
      answeredProposal:
        r.lp_id === null || r.bp_id !== null
          ? null
          : {
              id: Number(r.lp_id),
              date: r.lp_day!,
              time: r.lp_time!,
              proposedBy: Number(r.lp_by) === Number(r.customer_id) ? 'customer' : 'professional',
              answer: r.lp_status!,
              answeredAt: new Date(r.lp_answered!).toISOString(),
            },
    } satisfies Booking;
  });
}

/**
 * The customer's "Yes, the job was done", while the question is open: a completed job unanswered,
 * completed after `askedSince`. Conditional, so of "Yes" and a report sent at the same moment only
 * one finds no answer: the count of bookings answered (0 or 1).
 */
export const answerDone = (conn: Conn, bookingId: number, now: Date, askedSince: Date): Promise<number> =>
  conn('bookings')
    .where({ id: bookingId, status: 'completed' })
    .whereNull('done_answer')
    .where('completed_at', '>', askedSince)
    .update({ done_answer: 'yes', done_answered_at: now });

/** The customer's problem report answers "Was the job done?", unless a "Yes" came first: the count answered (0 or 1). */
export const answerProblem = (conn: Conn, bookingId: number, now: Date): Promise<number> =>
  conn('bookings')
    .where({ id: bookingId })
    .whereIn('status', ['confirmed', 'completed'])
    .where((w) => w.whereNull('done_answer').orWhere('done_answer', 'problem'))
    .update({ done_answer: 'problem', done_answered_at: conn.raw('coalesce(done_answered_at, ?)', [now]) });

/**
 * An upheld "did not come" ends the job as the professional's no-show (docs/PRODUCT.md "Problem
 * reports"): a confirmed or completed booking becomes cancelled by the professional after the
 * start, counted as such. The status it had, or null when it had already ended (nothing changes).
 */
export async function endAsNoShow(conn: Conn, bookingId: number, now: Date): Promise<'confirmed' | 'completed' | null> {
  const before = await conn('bookings').where({ id: bookingId }).forUpdate().first('status');
  if (before?.status !== 'confirmed' && before?.status !== 'completed') return null;
  await conn('bookings').where({ id: bookingId }).update({
    status: 'cancelled',
    cancelled_by: 'professional',
    cancellation_kind: 'no_show',
    cancelled_at: now,
    updated_at: now,
  });
  return before.status;
}
