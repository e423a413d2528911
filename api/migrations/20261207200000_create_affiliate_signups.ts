import type { Knex } from 'knex';

/**
 * affiliate_signups (docs/PRODUCT.md "Signed up by an affiliate"): a professional an affiliate
 * signs up from the dashboard. A row is the text that carried the code (so the texts to a number
 * and by an affiliate are counted from these rows), the details typed until the code is proved
 * (`details`, cleared then: the account holds them), and afterwards the account it made and the
 * mobile-money prompt of its first payment. Rows are dropped after a day (the account and the
 * referral hold what lasts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('affiliate_signups', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('affiliate_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('phone').notNullable();
    t.jsonb('details');
    t.text('momo_network').notNullable();
    t.integer('months').notNullable();
    t.text('code_hash');
    t.integer('tries').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('proved_at', { useTz: true });
    t.bigInteger('user_id').unique().references('users.id').onDelete('SET NULL');
    t.text('payment_reference');
    t.index(['phone', 'created_at']);
    t.index(['affiliate_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('affiliate_signups');
}
