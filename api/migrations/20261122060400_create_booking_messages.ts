import type { Knex } from 'knex';

// Chat between a booking's two parties, read in id order (and polled with `since`).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('booking_messages', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('booking_id').notNullable().references('bookings.id').onDelete('CASCADE');
    t.bigInteger('sender_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('body').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['booking_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('booking_messages');
}
