import type { Knex } from 'knex';

/**
 * A professional's USSD PIN (docs/PRODUCT.md "The phone menu (USSD)"): its hash, the wrong tries
 * in a row and the lock they lead to, and while it is being set, the hash of the code texted to the
 * phone, its tries and the texts sent today (`codes_sent` since `codes_since`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ussd_pins', (t) => {
    t.bigInteger('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('pin_hash');
    t.integer('wrong_tries').notNullable().defaultTo(0);
    t.timestamp('locked_until', { useTz: true });
    t.text('code_hash');
    t.timestamp('code_expires_at', { useTz: true });
    t.integer('code_tries').notNullable().defaultTo(0);
    t.integer('codes_sent').notNullable().defaultTo(0);
    t.timestamp('codes_since', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ussd_pins');
}
