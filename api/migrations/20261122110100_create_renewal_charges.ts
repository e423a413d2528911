import type { Knex } from 'knex';

// Automatic renewal attempts: one row per (user, paid period being renewed, attempt). The unique
// key is the claim, as for reminders: of several processes running the job at once, only the one
// whose insert succeeds charges the card.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('renewal_charges', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('period_end', { useTz: true }).notNullable();
    t.integer('attempt').notNullable();
    t.bigInteger('payment_id').references('payments.id').onDelete('SET NULL');
    t.text('status').notNullable();
    t.text('reason');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['user_id', 'period_end', 'attempt']);
    t.check("status in ('charging', 'pending', 'success', 'failed')", [], 'renewal_charges_status_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('renewal_charges');
}
