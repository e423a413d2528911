import type { Knex } from 'knex';

// Administrators are not users: their own table, passwords (argon2id) and sessions, so a
// user token can never open /api/admin/* and an admin token never opens a user's data.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admins', (t) => {
    t.bigIncrements('id').primary();
    t.text('username').notNullable();
    t.text('password_hash').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('last_login_at', { useTz: true });
  });
  await knex.raw('CREATE UNIQUE INDEX admins_username_lower_unique ON admins (lower(username))');
  await knex.schema.createTable('admin_sessions', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('admin_id').notNullable().references('admins.id').onDelete('CASCADE');
    t.text('token_hash').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('admin_sessions');
  await knex.schema.dropTable('admins');
}
