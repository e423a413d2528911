import type { Knex } from 'knex';

// The commission ledger: one entry per referred user, written only when that user's first payment
// settles (40% of it). The unique referred_user_id is what makes "never twice" hold when the
// webhook and the browser complete the same payment at once.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('affiliate_commissions', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('affiliate_user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('referred_user_id').notNullable().unique().references('users.id').onDelete('CASCADE');
    t.bigInteger('payment_id').notNullable().unique().references('payments.id');
    t.text('plan_type').notNullable();
    t.integer('amount_pesewas').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.check('amount_pesewas > 0', [], 'affiliate_commissions_amount_check');
    t.index(['affiliate_user_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('affiliate_commissions');
}
