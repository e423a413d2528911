import type { Knex } from 'knex';

// What the TEST MODE checkout charged, as Paystack would remember it; the sandbox provider's
// verify reads it. Used only when no Paystack keys are configured.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sandbox_transactions', (t) => {
    t.text('reference').primary();
    t.integer('amount').notNullable();
    t.text('currency').notNullable();
    t.text('email').notNullable();
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.text('status').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sandbox_transactions');
}
