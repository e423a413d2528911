import type { Knex } from 'knex';

/**
 * Tickets for the live-update stream: EventSource cannot send the session token in a
 * header, so a page trades it for a ticket that goes in the stream's address instead. Only the
 * ticket's hash is kept; it is good once, for a minute, in any process. The session's hash lets
 * the stream end when the session does.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_tickets', (t) => {
    t.text('ticket_hash').primary();
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('session_hash').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('event_tickets');
}
