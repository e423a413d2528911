import type { Knex } from 'knex';

// Messages sent from the support form (docs/PRODUCT.md "Support"); the reference is what the
// sender quotes when they follow up.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_messages', (t) => {
    t.bigIncrements('id').primary();
    t.text('reference').notNullable().unique();
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('phone').notNullable().defaultTo('');
    t.text('subject').notNullable().defaultTo('');
    t.text('category').notNullable();
    t.text('message').notNullable();
    t.text('user_type');
    t.text('status').notNullable().defaultTo('new');
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_messages');
}
