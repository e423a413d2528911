import type { Knex } from 'knex';

/**
 * The chat shows a booking's steps (a time proposed, its answer, a request
 * expired) as system lines among the messages (docs/PRODUCT.md "Chat"). They live in
 * booking_messages, so the chat's one id order, its `since` polling and its `chat.message` live
 * event carry them unchanged; `system_event` names the step (null for a person's message), and a
 * step nobody took (an expiry) has no sender. A person's message always has one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('booking_messages', (t) => {
    t.text('system_event');
    t.setNullable('sender_id');
    t.check('system_event is not null or sender_id is not null', [], 'booking_messages_sender_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('booking_messages').whereNotNull('system_event').delete();
  await knex.schema.alterTable('booking_messages', (t) => {
    t.dropChecks('booking_messages_sender_check');
    t.dropNullable('sender_id');
    t.dropColumn('system_event');
  });
}
