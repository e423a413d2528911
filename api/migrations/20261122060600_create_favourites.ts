import type { Knex } from 'knex';

// Professionals a customer saved ("saved favorites" on the customer dashboard).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('favourites', (t) => {
    t.bigInteger('customer_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('professional_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['customer_id', 'professional_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('favourites');
}
