import type { Knex } from 'knex';

// Verified reviews: each tied to one completed booking, at most one per booking.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reviews', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('booking_id').notNullable().unique().references('bookings.id').onDelete('CASCADE');
    t.bigInteger('customer_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('professional_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('rating').notNullable();
    t.text('comment').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.check('rating between 1 and 5', [], 'reviews_rating_check');
    t.index(['professional_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('reviews');
}
