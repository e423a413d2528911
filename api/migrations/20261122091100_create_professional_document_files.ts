import type { Knex } from 'knex';

// The documents' bytes, in the database rather than on a disk under the web root: never served as
// static files, in every backup, and the same for every API process on every machine. Their own
// table, so reading document metadata (or a listing) never drags megabytes along.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('professional_document_files', (t) => {
    t.bigInteger('document_id').primary().references('professional_documents.id').onDelete('CASCADE');
    t.binary('bytes').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('professional_document_files');
}
