import type { Knex } from 'knex';

/**
 * A text may go on one channel with another as its fallback (docs/PRODUCT.md "Mobile money in one
 * tap": a number's code goes once): the fallback row names its first row in `fallback_of` and
 * waits with no `next_attempt_at` until that row failed for good or its channel's provider is
 * shut; once one of them is sent, the other is skipped.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.bigInteger('fallback_of').references('notifications.id').onDelete('CASCADE');
    t.index(['fallback_of']);
  });
}

export async function down(knex: Knex): Promise<void> {
  // A waiting fallback would never be sent once its link is gone.
  await knex('notifications').whereNotNull('fallback_of').whereNull('next_attempt_at').delete();
  await knex.schema.alterTable('notifications', (t) => {
    t.dropIndex(['fallback_of']);
    t.dropColumn('fallback_of');
  });
}
