import type { Knex } from 'knex';

/**
 * Notifications on the phone (docs/PRODUCT.md "Notifications on the phone"):
 * - push_subscriptions: the phones an account gets notifications on (the browser's push address
 *   and keys), removed with the account, or when the push service says the address is gone.
 * - users.also_text: texts go even when a phone showed the notification ("Also text me").
 * - notifications (the outbox) carries push rows too: `subscription_id` names the phone, `receipt`
 *   is the proof the service worker sends back once it showed it (`shown_at`), and `step` ties a
 *   step's push rows to the text rows that wait for them: a text is `skipped` when a phone showed
 *   the step in time.
 * - a chat message's notification waits a few seconds and is dropped when the person read the chat
 *   meanwhile (`notifications.unless_read_booking_id`); `chat_reads.last_pushed_at` spaces them.
 * - push_vapid_keys: the server's keys when none are configured outside production (one row, made
 *   once and kept, so phones subscribed before a restart still receive).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('push_subscriptions', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('endpoint').notNullable().unique();
    t.text('p256dh').notNullable();
    t.text('auth').notNullable();
    t.text('device').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('last_used_at', { useTz: true }).notNullable();
    t.index(['user_id', 'last_used_at']);
  });
  await knex.schema.alterTable('users', (t) => {
    t.boolean('also_text').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('notifications', (t) => {
    t.bigInteger('subscription_id').references('push_subscriptions.id').onDelete('SET NULL');
    t.text('receipt').unique();
    t.timestamp('shown_at', { useTz: true });
    t.text('step');
    t.bigInteger('unless_read_booking_id').references('bookings.id').onDelete('CASCADE');
    t.index(['step']);
    t.dropChecks(['notifications_status_check']);
    t.check("status in ('pending', 'sent', 'failed', 'skipped')", [], 'notifications_status_check');
  });
  await knex.schema.alterTable('chat_reads', (t) => {
    t.timestamp('last_pushed_at', { useTz: true });
  });
  await knex.schema.createTable('push_vapid_keys', (t) => {
    t.smallint('id').primary();
    t.text('public_key').notNullable();
    t.text('private_key').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.check('id = 1', [], 'push_vapid_keys_one_row');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('push_vapid_keys');
  await knex.schema.alterTable('chat_reads', (t) => {
    t.dropColumn('last_pushed_at');
  });
  await knex('notifications').where({ channel: 'push' }).delete();
  await knex('notifications').where({ status: 'skipped' }).update({ status: 'sent' });
  await knex.schema.alterTable('notifications', (t) => {
    t.dropChecks(['notifications_status_check']);
    t.check("status in ('pending', 'sent', 'failed')", [], 'notifications_status_check');
    t.dropIndex(['step']);
    t.dropColumns('subscription_id', 'receipt', 'shown_at', 'step', 'unless_read_booking_id');
  });
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('also_text');
  });
  await knex.schema.dropTable('push_subscriptions');
}
