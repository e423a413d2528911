import type { Knex } from 'knex';
import type { ChatSystemEvent } from '../../../../contract/bookings.ts';

/**
 * A step of a booking written into its chat as a system line (docs/PRODUCT.md "Chat"): a row of
 * booking_messages naming the step, so it takes its place in the chat's id order and reaches both
 * parties through the chat's live event (trigger). The sender is whoever took the step, or null
 * for one nobody took (a request expired, an administrator closing a report). Written in the
 * step's own transaction.
 */
export async function addSystemLine(
  trx: Knex.Transaction,
  bookingId: number,
  senderId: number | null,
  event: ChatSystemEvent,
  body: string,
  now: Date,
): Promise<void> {
  await trx('booking_messages').insert({
    booking_id: bookingId,
    sender_id: senderId,
    body,
    created_at: now,
    system_event: event,
  });
}
