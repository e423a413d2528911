import type { Knex } from 'knex';

/**
 * Sign-in codes texted to an account's phone (docs/PRODUCT.md "Signing in with a texted code").
 * One row per request: the hash of the request's token (the page that asked holds the token, so
 * only its tries count against its code), the hash of the code, its tries, and whether this
 * request sent a text (`texted`: the rows that count against the number's texts) or shares the
 * code of one that did (`shares`). A number with no account gets rows too (no user, a code nobody
 * holds), so every answer looks alike. Rows go after a day.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('signin_codes', (t) => {
    t.bigIncrements('id').primary();
    t.text('phone').notNullable();
    t.bigInteger('user_id').references('users.id').onDelete('CASCADE');
    t.text('request_hash').notNullable().unique();
    t.text('code_hash').notNullable();
    t.boolean('texted').notNullable();
    t.bigInteger('shares').references('signin_codes.id').onDelete('CASCADE');
    t.integer('tries').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.index(['phone', 'created_at']);
    t.index(['created_at']);
    t.index(['shares']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('signin_codes');
}
