import type { Knex } from 'knex';

// The badge can only be on a profile whose verification an administrator approved: the database
// refuses `verified = true` anywhere else, whatever code (or seed) tries to set it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('professional_profiles', (t) => {
    t.check("not verified or verification_status = 'verified'", [], 'professional_verified_reviewed_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('professional_profiles', (t) => {
    t.dropChecks('professional_verified_reviewed_check');
  });
}
