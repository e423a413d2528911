import type { Knex } from 'knex';

// Customers, professionals and affiliates. Email is unique case-insensitively; phone is stored as
// E.164 (+233XXXXXXXXX) so 0XX… and +233… spellings of one number collide.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.bigIncrements('id').primary();
    t.text('user_type').notNullable();
    t.text('email').notNullable();
    t.text('phone').notNullable().unique();
    t.text('password_hash').notNullable();
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.text('location');
    t.text('local_address');
    t.text('description');
    t.text('profile_picture');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("user_type in ('customer', 'professional', 'affiliate')", [], 'users_user_type_check');
    t.check("status in ('pending', 'active', 'suspended')", [], 'users_status_check');
  });
  await knex.raw('CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
