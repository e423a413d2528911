import type { Knex } from 'knex';

// Where a professional's coordinates come from: their own, their city's centre, or Accra's
// (docs/PRODUCT.md "Location": "Professionals without coordinates use their city's coordinates, or Accra's").
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('professional_profiles', (t) => {
    t.text('location_source').notNullable().defaultTo('own');
    t.check("location_source in ('own', 'city', 'default')", [], 'professional_location_source_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('professional_profiles', (t) => {
    t.dropChecks(['professional_location_source_check']);
    t.dropColumn('location_source');
  });
}
