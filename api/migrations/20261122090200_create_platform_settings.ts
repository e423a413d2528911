import type { Knex } from 'knex';

// The administrator's settings (docs/PRODUCT.md "Administrators"), one row. Money in pesewas (ARCHITECTURE.md "Money in pesewas").
// Prices are read when a payment starts and stored on it, so a change affects only later payments.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('platform_settings', (t) => {
    t.integer('id').primary();
    t.integer('reminder_days').notNullable();
    t.integer('grace_period_days').notNullable();
    t.integer('customer_price_pesewas').notNullable();
    t.integer('professional_price_pesewas').notNullable();
    t.integer('customer_commission_pesewas').notNullable();
    t.integer('professional_commission_pesewas').notNullable();
    t.timestamp('updated_at', { useTz: true });
    t.check('id = 1', [], 'platform_settings_single_row');
    t.check('customer_price_pesewas > 0 and professional_price_pesewas > 0', [], 'platform_settings_prices_check');
    t.check(
      'customer_commission_pesewas between 0 and customer_price_pesewas and professional_commission_pesewas between 0 and professional_price_pesewas',
      [],
      'platform_settings_commission_check',
    );
  });
  await knex('platform_settings').insert({
    id: 1,
    reminder_days: 7,
    grace_period_days: 3,
    customer_price_pesewas: 1000,
    professional_price_pesewas: 2700,
    customer_commission_pesewas: 400,
    professional_commission_pesewas: 1080,
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('platform_settings');
}
