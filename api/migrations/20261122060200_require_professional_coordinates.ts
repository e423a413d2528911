import type { Knex } from 'knex';

// With coordinates backfilled, every professional has some: the index no longer needs its filter.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX professional_profiles_location_gist');
  await knex.raw(
    'ALTER TABLE professional_profiles ALTER COLUMN latitude SET NOT NULL, ALTER COLUMN longitude SET NOT NULL',
  );
  await knex.raw(
    'CREATE INDEX professional_profiles_location_gist ON professional_profiles USING gist (ll_to_earth(latitude, longitude))',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX professional_profiles_location_gist');
  await knex.raw(
    'ALTER TABLE professional_profiles ALTER COLUMN latitude DROP NOT NULL, ALTER COLUMN longitude DROP NOT NULL',
  );
  await knex.raw(
    'CREATE INDEX professional_profiles_location_gist ON professional_profiles USING gist (ll_to_earth(latitude, longitude)) WHERE latitude IS NOT NULL',
  );
}
