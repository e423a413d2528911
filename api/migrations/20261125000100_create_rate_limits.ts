import type { Knex } from 'knex';

// Counts of requests per key (an address, an account) in fixed windows, kept in the
// database so every process counts together. Old windows are deleted by the limiter as it goes.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('hits').notNullable();
    t.primary(['key', 'window_start']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
}
