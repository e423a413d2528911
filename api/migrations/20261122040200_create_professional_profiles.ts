import type { Knex } from 'knex';

// A professional's listing data. Rates are pesewas (ARCHITECTURE.md "Money in pesewas"); the defaults are
// ₵30–₵50, negotiable, Monday–Friday 09:00–17:00 (docs/PRODUCT.md "Finding a professional").
export const DEFAULT_AVAILABILITY = {
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  start: '09:00',
  end: '17:00',
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('professional_profiles', (t) => {
    t.bigInteger('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('profession').notNullable();
    t.text('experience').notNullable().defaultTo('');
    t.jsonb('skills').notNullable().defaultTo(JSON.stringify([]));
    t.integer('base_rate_pesewas').notNullable().defaultTo(3000);
    t.integer('max_rate_pesewas').notNullable().defaultTo(5000);
    t.boolean('rate_negotiable').notNullable().defaultTo(true);
    t.double('latitude');
    t.double('longitude');
    t.boolean('verified').notNullable().defaultTo(false);
    t.jsonb('availability').notNullable().defaultTo(JSON.stringify(DEFAULT_AVAILABILITY));
    t.check('base_rate_pesewas > 0 and max_rate_pesewas >= base_rate_pesewas', [], 'professional_rates_check');
    t.check('(latitude is null) = (longitude is null)', [], 'professional_coordinates_pair_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('professional_profiles');
}
