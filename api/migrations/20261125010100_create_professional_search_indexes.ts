import type { Knex } from 'knex';

/**
 * Indexes that answer a nearby search by walking, not by reading the whole radius.
 * All cover only active professional accounts (`account_active`), so the walk skips the others.
 * - GiST on the position, and on (category, position) with btree_gist: nearest-first (`<->`)
 *   with or without a category.
 * - B-tree per sort key, with and without the category in front, carrying the position and the
 *   paid period so the radius and listing tests are read from the index, not the table.
 */
const SORT_INDEXES = {
  rating: 'rating_key',
  price_low: 'base_rate_pesewas',
  price_high: 'price_high_key',
  reviews: 'reviews_key',
};
const POSITION = 'll_to_earth(latitude, longitude)';
const COVERED = 'include (latitude, longitude, paid_until)';

export async function up(knex: Knex): Promise<void> {
  // btree_gist is a trusted extension (PostgreSQL 13+): the database's owner may create it.
  await knex.raw('create extension if not exists btree_gist');
  await knex.raw('drop index professional_profiles_location_gist');
  await knex.raw(
    `create index professional_profiles_nearby on professional_profiles using gist (${POSITION}) where account_active`,
  );
  await knex.raw(
    `create index professional_profiles_nearby_category on professional_profiles using gist (category, ${POSITION}) where account_active`,
  );
  for (const [name, key] of Object.entries(SORT_INDEXES)) {
    await knex.raw(
      `create index professional_profiles_by_${name} on professional_profiles (${key}, user_id) ${COVERED} where account_active`,
    );
    await knex.raw(
      `create index professional_profiles_by_${name}_category on professional_profiles (category, ${key}, user_id) ${COVERED} where account_active`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const name of Object.keys(SORT_INDEXES)) {
    await knex.raw(`drop index professional_profiles_by_${name}`);
    await knex.raw(`drop index professional_profiles_by_${name}_category`);
  }
  await knex.raw('drop index professional_profiles_nearby_category');
  await knex.raw('drop index professional_profiles_nearby');
  await knex.raw(
    `create index professional_profiles_location_gist on professional_profiles using gist (${POSITION}) where latitude is not null`,
  );
  await knex.raw('drop extension if exists btree_gist');
}
