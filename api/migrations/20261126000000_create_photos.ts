import type { Knex } from 'knex';

// Photos: one profile photo per account and up to 6 work photos per professional,
// re-encoded by the server as two WebP sizes. The bytes are in the database, not on a disk: the
// product runs on embedded PGlite by default, every process and backup sees the same photos, and
// PostgreSQL keeps large bytea out of line, so reading the descriptions never loads the images.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('photos', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.smallint('position').notNullable().defaultTo(0);
    // sha256 of the encoded sizes: the public address (/media/{hash}-{size}.webp) changes with the content.
    t.text('hash').notNullable();
    t.integer('thumb_width').notNullable();
    t.integer('thumb_height').notNullable();
    t.binary('thumb_bytes').notNullable();
    t.integer('large_width').notNullable();
    t.integer('large_height').notNullable();
    t.binary('large_bytes').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.check("kind in ('profile', 'work')", [], 'photos_kind_check');
    t.check('position between 0 and 5', [], 'photos_position_check');
    t.check("hash ~ '^[0-9a-f]{64}$'", [], 'photos_hash_check');
    t.index(['user_id', 'kind', 'position'], 'photos_user_kind_position');
    t.index(['hash'], 'photos_hash');
  });
  // One profile photo per account: a second upload replaces the first.
  await knex.raw("create unique index photos_one_profile on photos (user_id) where kind = 'profile'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('photos');
}
