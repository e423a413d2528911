import type { Knex } from 'knex';

/**
 * One-tap renewal links: a reminder carries /renew/{token}, which opens a small page,
 * no sign-in needed, that sends the account's renewal prompt to its phone. Only the token's hash
 * is kept; it is good for 72 hours, for the renewal of the paid period that ends at `period_end`
 * (a period renewed since makes it useless), and is spent once that renewal is paid.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('renew_links', (t) => {
    t.text('token_hash').primary();
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('period_end', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('renew_links');
}
