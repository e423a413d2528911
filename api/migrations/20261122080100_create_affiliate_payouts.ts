import type { Knex } from 'knex';

// Payout requests: pending → processing → completed, or pending → failed (the amount returns to
// the balance, because the balance counts payouts that are not failed).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('affiliate_payouts', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('affiliate_user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('amount_pesewas').notNullable();
    t.text('method').notNullable();
    t.text('details').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.text('reference').notNullable().unique();
    t.text('notes');
    t.timestamp('requested_at', { useTz: true }).notNullable();
    t.timestamp('processed_at', { useTz: true });
    t.check("status in ('pending', 'processing', 'completed', 'failed')", [], 'affiliate_payouts_status_check');
    t.check('amount_pesewas > 0', [], 'affiliate_payouts_amount_check');
    t.index(['affiliate_user_id', 'requested_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('affiliate_payouts');
}
