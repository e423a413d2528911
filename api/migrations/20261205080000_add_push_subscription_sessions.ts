import type { Knex } from 'knex';

/**
 * A phone's notifications belong to the sign-in that turned them on (docs/PRODUCT.md "Notifications
 * on the phone"): `push_subscriptions.session_id` is that session, so signing out there, or ending
 * every session (a password reset, a suspension), stops that phone's notifications too. Phones turned
 * on before this have none: they stop when turned off, dropped from Profile, or at a password reset.
 * Dated after push_subscriptions is made, which it alters.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('push_subscriptions', (t) => {
    t.bigInteger('session_id').references('sessions.id').onDelete('SET NULL');
    t.index(['session_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('push_subscriptions', (t) => {
    t.dropIndex(['session_id']);
    t.dropColumn('session_id');
  });
}
