import type { Knex } from 'knex';

/**
 * The USSD menu's sessions (docs/PRODUCT.md "The phone menu (USSD)"): one row per gateway session,
 * so any process can answer its next step. `session_key` is the provider and its session id;
 * `state` is where the caller is in the menu; `seen_text` is the choices so far as Africa's
 * Talking sends them (its `text` holds every answer of the session). A session ends after a few
 * minutes without a step (`expires_at`); rows go an hour after that.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ussd_sessions', (t) => {
    t.text('session_key').primary();
    t.text('phone').notNullable();
    t.bigInteger('user_id').references('users.id').onDelete('CASCADE');
    t.jsonb('state').notNullable();
    t.text('seen_text').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['expires_at']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ussd_sessions');
}
