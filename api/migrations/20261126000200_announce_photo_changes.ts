import type { Knex } from 'knex';

// A professional's public page shows their work photos and is kept in the read cache: a photo
// added or removed announces its owner like the other tables of 20261123000000 do.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create trigger photos_announce_user_change after insert or update or delete on photos for each row execute function announce_user_change('user_id')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists photos_announce_user_change on photos');
}
