import type { Knex } from 'knex';

// Cancelling a subscription only stops renewal reminders: the paid period runs to its end (no
// refunds for partial months; docs/PRODUCT.md "Subscriptions"), and renewing clears it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('renewal_cancelled_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('renewal_cancelled_at');
  });
}
