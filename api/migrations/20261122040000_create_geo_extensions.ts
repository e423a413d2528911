import type { Knex } from 'knex';

// Radius search uses cube + earthdistance (ARCHITECTURE.md "Radius search"). On PostgreSQL 15 creating
// earthdistance needs a superuser, so provisioning normally creates both; IF NOT EXISTS keeps this a no-op then.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS cube');
  await knex.raw('CREATE EXTENSION IF NOT EXISTS earthdistance');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP EXTENSION IF EXISTS earthdistance');
  await knex.raw('DROP EXTENSION IF EXISTS cube');
}
