import type { Knex } from 'knex';

// Where a professional's verification stands: unverified (nothing sent), pending (sent,
// awaiting review), verified or rejected (with the administrator's reason). The listing's boolean
// `verified` stays, kept equal to status = 'verified' by the verification feature.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('professional_profiles', (t) => {
    t.text('verification_status').notNullable().defaultTo('unverified');
    t.text('verification_reason');
    t.timestamp('verified_at', { useTz: true });
    t.check(
      "verification_status in ('unverified', 'pending', 'verified', 'rejected')",
      [],
      'professional_verification_status_check',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('professional_profiles', (t) => {
    t.dropChecks('professional_verification_status_check');
    t.dropColumns('verification_status', 'verification_reason', 'verified_at');
  });
}
