import type { Knex } from 'knex';

// Which reminder went to whom for which paid period. The unique key is what lets several API
// processes run the reminder job at once: only the process whose insert succeeds sends.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('subscription_reminders', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.timestamp('period_end', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable();
    t.unique(['user_id', 'kind', 'period_end']);
    t.check("kind in ('expiring', 'expired')", [], 'subscription_reminders_kind_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('subscription_reminders');
}
