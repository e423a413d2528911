import type { Knex } from 'knex';

// Every payment the server starts, keyed by the reference it chose. Value is granted once per
// reference: status moves initialized → success exactly once (see payments/service.ts).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payments', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('user_id').references('users.id').onDelete('SET NULL');
    t.text('reference').notNullable().unique();
    t.text('purpose').notNullable();
    t.text('plan_type').notNullable();
    t.integer('amount_pesewas').notNullable();
    t.text('currency').notNullable().defaultTo('GHS');
    t.text('email').notNullable();
    t.text('provider').notNullable();
    t.text('status').notNullable().defaultTo('initialized');
    t.text('provider_transaction_id');
    t.text('channel');
    t.timestamp('paid_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('settled_at', { useTz: true });
    t.check("purpose in ('registration', 'renewal', 'test')", [], 'payments_purpose_check');
    t.check("status in ('initialized', 'success', 'failed')", [], 'payments_status_check');
    t.check("plan_type in ('customer', 'professional')", [], 'payments_plan_type_check');
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payments');
}
