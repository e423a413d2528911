import type { Knex } from 'knex';

/**
 * Each mobile-money number code sent, kept a day (docs/PRODUCT.md "Mobile money in one tap"): a
 * number gets a few codes an hour and a day across all accounts, an account a few a day, and an
 * account that proved the number before counts on an allowance of its own there
 * (`own_allowance`), so other accounts' requests never use it up. The account is kept as null
 * once it is deleted: a deleted account's codes still count for the number.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('momo_code_sends', (t) => {
    t.bigIncrements('id').primary();
    t.text('phone').notNullable();
    t.bigInteger('user_id').references('users.id').onDelete('SET NULL');
    t.boolean('own_allowance').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable();
    t.index(['phone', 'sent_at']);
    t.index(['user_id', 'sent_at']);
    t.index(['sent_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('momo_code_sends');
}
