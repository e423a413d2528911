import type { Knex } from 'knex';

// A sign-in is written before its password is checked. While it is being checked it is
// neither a success nor a failure (NULL): it counts against its account, so parallel guesses wait
// their turn, but not against its address, so a crowd behind one carrier address signing in at the
// same moment is not refused as if each of them had failed.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('login_attempts', (t) => {
    t.boolean('succeeded').nullable().alter();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('login_attempts').whereNull('succeeded').update({ succeeded: false });
  await knex.schema.alterTable('login_attempts', (t) => {
    t.boolean('succeeded').notNullable().alter();
  });
}
