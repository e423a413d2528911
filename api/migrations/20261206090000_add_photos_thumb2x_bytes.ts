import type { Knex } from 'knex';

/**
 * Profile photos get the thumbnail's square at twice its pixels (320 px), so an avatar on a 2×
 * screen is sharp (docs/PRODUCT.md "Photos"). Null for work and report photos, and for profile
 * photos stored before: their 2× address answers the thumbnail until the photo is replaced.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('photos', (t) => {
    t.binary('thumb2x_bytes');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('photos', (t) => {
    t.dropColumn('thumb2x_bytes');
  });
}
