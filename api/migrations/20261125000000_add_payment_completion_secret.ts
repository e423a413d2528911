import type { Knex } from 'knex';

// A registration payment signs its payer in once, and only in the browser that started
// it. That browser holds a one-time secret; the payment keeps its SHA-256 and when it was used.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.text('completion_secret_hash');
    t.timestamp('completion_claimed_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.dropColumns('completion_secret_hash', 'completion_claimed_at');
  });
}
