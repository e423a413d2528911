import type { Knex } from 'knex';

/**
 * A step of a booking written into its chat as a system line (docs/PRODUCT.md "Chat"): a row of
 * booking_messages with kind 'system' and no sender, so it takes its place in the chat's order and
 * reaches both parties through the chat's live event. Written in the step's own transaction.
 */
export async function addSystemLine(trx: Knex.Transaction, bookingId: number, body: string, at: Date): Promise<void> {
  await trx('booking_messages').insert({
    booking_id: bookingId,
    sender_id: null,
    kind: 'system',
    body,
    created_at: at,
  });
}
