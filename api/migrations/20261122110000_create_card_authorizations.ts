import type { Knex } from 'knex';

// A card Paystack says can be charged again (authorization.reusable), kept from a settled card
// payment so its owner may opt into automatic renewal. Only Paystack's authorization code and what
// the dashboard shows (brand, last four digits, expiry): never the card number. One per user, the
// latest; auto_renew is the owner's consent for this card and starts off.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('card_authorizations', (t) => {
    t.bigInteger('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('authorization_code').notNullable();
    t.text('card_type').notNullable();
    t.text('last4').notNullable();
    t.integer('exp_month');
    t.integer('exp_year');
    t.text('bank');
    t.boolean('auto_renew').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.check("last4 ~ '^[0-9]{4}$'", [], 'card_authorizations_last4_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('card_authorizations');
}
