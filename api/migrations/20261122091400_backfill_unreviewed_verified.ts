import type { Knex } from 'knex';

// Before documents existed nobody was ever reviewed, so no `verified` flag set so far (the demo
// data set it at random) means what the badge now promises: every professional starts unverified.
export async function up(knex: Knex): Promise<void> {
  await knex('professional_profiles').where({ verified: true }).update({ verified: false });
}

// Nothing to restore: the flags cleared were never backed by a review, and putting unreviewed
// badges back would make the listing claim a check that did not happen.
export async function down(): Promise<void> {}
