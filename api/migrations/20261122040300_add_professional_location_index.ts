import type { Knex } from 'knex';

// GiST index for radius search with earth_box(...) @> ll_to_earth(...) (ARCHITECTURE.md "Radius search").
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE INDEX professional_profiles_location_gist ON professional_profiles
       USING gist (ll_to_earth(latitude, longitude)) WHERE latitude IS NOT NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX professional_profiles_location_gist');
}
