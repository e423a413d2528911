import type { Knex } from 'knex';

// When each party last read a booking's chat, and when they were last emailed about it: a new
// message is emailed only to someone who is away, and not once per message.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_reads', (t) => {
    t.bigInteger('booking_id').notNullable().references('bookings.id').onDelete('CASCADE');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('last_read_at', { useTz: true });
    t.timestamp('last_emailed_at', { useTz: true });
    t.primary(['booking_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('chat_reads');
}
