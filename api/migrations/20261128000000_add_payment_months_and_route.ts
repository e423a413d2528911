import type { Knex } from 'knex';

/**
 * A payment may buy 1, 3, 6 or 12 months, and administrators see how it was made: the
 * checkout (Paystack's pop-up or the sandbox's), a mobile-money prompt sent to the phone by the
 * server, or an automatic renewal of a saved card.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.integer('months').notNullable().defaultTo(1);
    t.text('initiated_via').notNullable().defaultTo('checkout');
    t.check('months in (1, 3, 6, 12)', [], 'payments_months_check');
    t.check("initiated_via in ('checkout', 'momo_prompt', 'auto_renewal')", [], 'payments_initiated_via_check');
  });
  // Automatic renewals made before this column: their payments are the ones with a renewal charge.
  await knex.raw(
    `update payments set initiated_via = 'auto_renewal' where id in (select payment_id from renewal_charges where payment_id is not null)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.dropChecks(['payments_months_check', 'payments_initiated_via_check']);
    t.dropColumn('months');
    t.dropColumn('initiated_via');
  });
}
