import type { Knex } from 'knex';

// Failed sign-ins, kept in the database so every API process counts the same (throttling).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('login_attempts', (t) => {
    t.bigIncrements('id').primary();
    t.text('account_key').notNullable();
    t.text('ip').notNullable();
    t.boolean('succeeded').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['account_key', 'created_at']);
    t.index(['ip', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_attempts');
}
