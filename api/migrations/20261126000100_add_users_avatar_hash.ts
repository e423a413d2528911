import type { Knex } from 'knex';

// The profile photo's hash on the user row, so a listing (one row per professional, read by the
// search's index walks) and a dashboard record show the thumbnail without another query, and the
// user row's change notification (migration 20261123000000) tells the read cache when it changes.
// Written only with the photos row, in one transaction (api/src/features/photos/repo.ts).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('avatar_hash');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('avatar_hash');
  });
}
