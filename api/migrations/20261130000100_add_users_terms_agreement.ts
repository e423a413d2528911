import type { Knex } from 'knex';

// Sign-up must have the person's consent to the terms, and the account records
// when it was given and to which version of the terms (the lastUpdated date of the terms page).
// Accounts made before this have neither (nothing was asked of them then).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('terms_version', 20);
    t.timestamp('terms_agreed_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('terms_agreed_at');
    t.dropColumn('terms_version');
  });
}
