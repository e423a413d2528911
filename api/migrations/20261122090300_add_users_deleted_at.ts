import type { Knex } from 'knex';

// Deleting an account anonymises it: the row stays, so payments, bookings and the
// commission ledger the books need still point somewhere, but its personal data is gone.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('deleted_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('deleted_at');
  });
}
