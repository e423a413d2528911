import type { Knex } from 'knex';

/**
 * A professional may say why he declines a request, and the customer reads it on the booking's card
 * (docs/PRODUCT.md "Bookings"). Optional; bounded as the contract bounds it (DECLINE_REASON_MAX).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.text('decline_reason');
    t.check('char_length(decline_reason) <= 500', [], 'bookings_decline_reason_length_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_decline_reason_length_check']);
    t.dropColumn('decline_reason');
  });
}
