import type { Knex } from 'knex';
import type { Tables } from 'knex/types/tables.js';
import type { Conn } from '../../db.ts';

/**
 * A forgotten account's words in bookings (privacy/anonymise.ts): its chat lines, review texts and
 * reasons for declining stay as rows, since the other party's booking and the rating are kept, with the words gone.
 */
export async function forgetBookingWordsOf(conn: Conn, userId: number): Promise<void> {
  await conn('chat_reads').where({ user_id: userId }).delete();
  await conn('booking_messages').where({ sender_id: userId }).update({ body: '[message removed: account deleted]' });
  await conn('reviews').where({ customer_id: userId }).update({ comment: '' });
  await conn('bookings').where({ professional_id: userId }).update({ decline_reason: null });
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

/** A booking row as it is (the demo data's past jobs); a customer's request goes through the service's rules instead. */
export async function insertBooking(
  conn: Conn,
  row: Knex.ResolveTableType<Tables['bookings'], 'insert'>,
): Promise<number> {
  const [inserted] = await conn('bookings').insert(row).returning('id');
  return Number(inserted.id);
}

/** A review row as it is (the demo data's); a customer's review goes through the service's rules instead. */
export const insertReview = (conn: Conn, row: Knex.ResolveTableType<Tables['reviews'], 'insert'>): Promise<unknown> =>
  conn('reviews').insert(row);
