import type { Knex } from 'knex';

// Who referred whom. A user is referred at most once; commission is earned only when the
// referred user completes registration and payment (the ledger arrives with payouts).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('referrals', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('affiliate_user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('referred_user_id').notNullable().unique().references('users.id').onDelete('CASCADE');
    t.text('referrer_code').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['affiliate_user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('referrals');
}
