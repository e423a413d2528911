import type { Knex } from 'knex';

// The address limit counts an address's failed sign-ins in the last 15 minutes. Behind a carrier's
// address many people sign in successfully; indexing only the failures keeps each count from
// reading all of their successes too (bench:api: sign-ins from one address fell to 28% of the
// argon2 bound as the table grew).
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index login_attempts_ip_failures on login_attempts (ip, created_at) where succeeded = false');
  await knex.raw('drop index login_attempts_ip_created_at_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create index login_attempts_ip_created_at_index on login_attempts (ip, created_at)');
  await knex.raw('drop index login_attempts_ip_failures');
}
