import type { Knex } from 'knex';

// The sandbox remembers how a test payment was made (mobile money or the test card) and, for the
// card, a reusable authorization as Paystack would return it, so automatic renewal can be tried
// without keys: the sandbox provider charges that authorization again.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sandbox_transactions', (t) => {
    t.text('channel').notNullable().defaultTo('mobile_money');
    t.text('authorization_code');
    t.index(['authorization_code']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sandbox_transactions', (t) => {
    t.dropIndex(['authorization_code']);
    t.dropColumns('channel', 'authorization_code');
  });
}
