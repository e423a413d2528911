import type { Knex } from 'knex';

// What a listing shows and sorts by, kept on the profile so search reads one row per professional
// instead of aggregating reviews, bookings and subscriptions for every candidate (bench/nearby-search.ts).
// Maintained in the same transaction as the event that changes them (payments, bookings, reviews).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('professional_profiles', (t) => {
    t.timestamp('paid_until', { useTz: true });
    t.integer('review_count').notNullable().defaultTo(0);
    t.integer('rating_total').notNullable().defaultTo(0);
    t.integer('completed_jobs').notNullable().defaultTo(0);
    t.integer('answered_requests').notNullable().defaultTo(0);
    t.double('response_seconds_total').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('professional_profiles', (t) => {
    t.dropColumns(
      'paid_until',
      'review_count',
      'rating_total',
      'completed_jobs',
      'answered_requests',
      'response_seconds_total',
    );
  });
}
