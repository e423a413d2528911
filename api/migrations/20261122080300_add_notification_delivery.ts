import type { Knex } from 'knex';

// The notifications table becomes an outbox: requests only add rows; a worker delivers them
// (api/src/providers/notifier.ts), retrying with backoff, so a slow or failed send never blocks
// the request that caused it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true });
    t.text('last_error');
    t.check("status in ('pending', 'sent', 'failed')", [], 'notifications_status_check');
    t.index(['status', 'next_attempt_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.dropIndex(['status', 'next_attempt_at']);
    t.dropChecks(['notifications_status_check']);
    t.dropColumns('status', 'attempts', 'next_attempt_at', 'last_error');
  });
}
