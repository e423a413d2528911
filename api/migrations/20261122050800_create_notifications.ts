import type { Knex } from 'knex';

// Outgoing messages (email now; SMS and WhatsApp later). The development notifier only stores
// them here, where the dev mailbox shows them.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notifications', (t) => {
    t.bigIncrements('id').primary();
    t.text('channel').notNullable();
    t.text('recipient').notNullable();
    t.text('subject').notNullable();
    t.text('body').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notifications');
}
