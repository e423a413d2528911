import type { Knex } from 'knex';

/**
 * Mobile-money prompts go to the account's own number, or to another number once its
 * owner has proved they agree by typing back a code sent to it by SMS (docs/PRODUCT.md "Mobile
 * money in one tap"). One row per account and number: the code's hash while one is out, the tries
 * at it, and when the number was proved. A prompt also keeps the renewal link that started it (a
 * link acts on its own prompts only) and when the provider was last asked about it (asked at most
 * once every few seconds however often the page reloads).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('momo_numbers', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('phone').notNullable();
    t.text('code_hash');
    t.timestamp('code_expires_at', { useTz: true });
    t.integer('code_attempts').notNullable().defaultTo(0);
    t.timestamp('proven_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['user_id', 'phone']);
  });
  await knex.schema.alterTable('payments', (t) => {
    t.text('renew_link_hash').references('renew_links.token_hash').onDelete('SET NULL');
    t.timestamp('provider_checked_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.dropForeign(['renew_link_hash']);
    t.dropColumn('renew_link_hash');
    t.dropColumn('provider_checked_at');
  });
  await knex.schema.dropTable('momo_numbers');
}
