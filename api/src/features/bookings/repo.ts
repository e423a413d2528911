import type { Conn } from '../../db.ts';

/**
 * A forgotten account's words in bookings (privacy/anonymise.ts): its chat lines and review texts
 * stay as rows, since the other party's booking and the rating are kept, with the words gone.
 */
export async function forgetBookingWordsOf(conn: Conn, userId: number): Promise<void> {
  await conn('chat_reads').where({ user_id: userId }).delete();
  await conn('booking_messages').where({ sender_id: userId }).update({ body: '[message removed: account deleted]' });
  await conn('reviews').where({ customer_id: userId }).update({ comment: '' });
}
