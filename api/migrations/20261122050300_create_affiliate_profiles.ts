import type { Knex } from 'knex';

// Affiliates' referrer codes and payout details (docs/PRODUCT.md "Affiliates, commission and payouts").
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('affiliate_profiles', (t) => {
    t.bigInteger('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('referrer_code').notNullable().unique();
    t.text('payout_method').notNullable();
    t.text('momo_number').notNullable().defaultTo('');
    t.text('bank_account').notNullable().defaultTo('');
    t.check("payout_method in ('mobile-money', 'bank-account')", [], 'affiliate_payout_method_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('affiliate_profiles');
}
