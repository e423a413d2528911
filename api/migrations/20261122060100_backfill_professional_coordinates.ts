import type { Knex } from 'knex';
import { CITIES, DEFAULT_CITY } from '../../contract/cities.ts';

// Gives every professional without coordinates their city's centre, or Accra's, so radius search
// covers everyone through one index.
export async function up(knex: Knex): Promise<void> {
  for (const city of CITIES) {
    await knex.raw(
      `UPDATE professional_profiles p SET latitude = ?, longitude = ?, location_source = 'city'
         FROM users u WHERE u.id = p.user_id AND p.latitude IS NULL AND u.location = ?`,
      [city.lat, city.lng, city.name],
    );
  }
  await knex('professional_profiles')
    .whereNull('latitude')
    .update({ latitude: DEFAULT_CITY.lat, longitude: DEFAULT_CITY.lng, location_source: 'default' });
}

export async function down(knex: Knex): Promise<void> {
  // Untyped (explicit type arguments): here latitude is still nullable, which today's table (db-tables.ts) is not.
  await knex<Record<string, unknown>, unknown>('professional_profiles')
    .whereNot({ location_source: 'own' })
    .update({ latitude: null, longitude: null, location_source: 'own' });
}
