import type { Knex } from 'knex';

// Messages stored before the outbox existed were already "sent" to the dev mailbox.
export async function up(knex: Knex): Promise<void> {
  await knex('notifications').update({ status: 'sent', sent_at: knex.raw('coalesce(sent_at, created_at)') });
}

export async function down(): Promise<void> {
  // Nothing to undo: the columns go with the previous migration's down.
}
