import type { Tables } from 'knex/types/tables.js';
import type { Conn } from '../../../db.ts';

/** The reviews' queries (features/bookings/reviews): the table `reviews`. */

/** A customer's review of a job; reviews_booking_id_unique makes a second one a 409 (error middleware). */
export async function insertReview(conn: Conn, row: Tables['reviews']['insert']): Promise<void> {
  await conn('reviews').insert(row);
}

/** A forgotten account's review texts go (privacy/anonymise.ts); the ratings stay, as the listings count them. */
export async function forgetReviewTextsOf(conn: Conn, userId: number): Promise<void> {
  await conn('reviews').where({ customer_id: userId }).update({ comment: '' });
}
