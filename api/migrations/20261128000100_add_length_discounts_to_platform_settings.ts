import type { Knex } from 'knex';

/**
 * Paying 3, 6 or 12 months at once costs the monthly price times the months, less a
 * discount an administrator may set per length (whole percents; 0, the default, is no discount).
 * Like the prices, the discount is read when a payment starts and the amount stored on it.
 */
const COLUMNS = ['discount_3_months_percent', 'discount_6_months_percent', 'discount_12_months_percent'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('platform_settings', (t) => {
    for (const column of COLUMNS) t.integer(column).notNullable().defaultTo(0);
    // Below 100: a length is never free. The settings form allows at most 50 (contract/admin.ts).
    t.check(
      COLUMNS.map((c) => `${c} >= 0 and ${c} < 100`).join(' and '),
      [],
      'platform_settings_length_discounts_check',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('platform_settings', (t) => {
    t.dropChecks(['platform_settings_length_discounts_check']);
    for (const column of COLUMNS) t.dropColumn(column);
  });
}
