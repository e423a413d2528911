import type { Knex } from 'knex';

/**
 * The outbox claims rows with a lease instead of holding them locked while it sends
 * (ARCHITECTURE.md "Background work in tables"): a short transaction sets `claimed_until` and a
 * `lease_token`, the send runs with no transaction open, and the outcome is written only where the
 * token is still the claimer's. A row whose lease ran out (its process died) is claimed again.
 * The partial index serves the claim: due rows of one channel, oldest first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.timestamp('claimed_until', { useTz: true });
    t.text('lease_token');
  });
  await knex.raw("create index notifications_due_by_channel on notifications (channel, id) where status = 'pending'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index notifications_due_by_channel');
  await knex.schema.alterTable('notifications', (t) => {
    t.dropColumns('claimed_until', 'lease_token');
  });
}
