import type { Knex } from 'knex';

// Paid periods. One row per successful payment (unique payment_id), so a repeated completion of
// the same payment can never add a second period.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('subscriptions', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('payment_id').notNullable().unique().references('payments.id');
    t.text('plan_type').notNullable();
    t.integer('amount_pesewas').notNullable();
    t.timestamp('period_start', { useTz: true }).notNullable();
    t.timestamp('period_end', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['user_id', 'period_end']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('subscriptions');
}
