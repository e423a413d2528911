import type { Knex } from 'knex';

// "Download my data" matched messages by an email or phone nobody verified, so signing up
// with someone's address showed their texts. Each row now names the account it was written for
// when it was written; earlier rows name none and are left out of exports.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.bigInteger('user_id').references('users.id');
    t.index(['user_id']);
  });
  await knex.schema.alterTable('contact_messages', (t) => {
    t.bigInteger('user_id').references('users.id');
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.dropIndex(['user_id']);
    t.dropColumn('user_id');
  });
  await knex.schema.alterTable('notifications', (t) => {
    t.dropIndex(['user_id']);
    t.dropColumn('user_id');
  });
}
