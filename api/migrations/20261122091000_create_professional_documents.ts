import type { Knex } from 'knex';

// A professional's verification documents: one row per kind (Ghana Card, trade
// certificate), describing the file only. The bytes live in professional_document_files, so nothing
// that lists documents ever loads them. A new upload of a kind replaces the row (a new id).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('professional_documents', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('file_name').notNullable();
    t.text('content_type').notNullable();
    t.integer('size_bytes').notNullable();
    t.text('sha256').notNullable();
    t.timestamp('uploaded_at', { useTz: true }).notNullable();
    t.unique(['user_id', 'kind'], { indexName: 'professional_documents_user_kind_unique' });
    t.check("kind in ('ghana-card', 'trade-certificate')", [], 'professional_documents_kind_check');
    t.check("content_type in ('image/png', 'image/jpeg', 'application/pdf')", [], 'professional_documents_type_check');
    t.check('size_bytes > 0 and size_bytes <= 5242880', [], 'professional_documents_size_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('professional_documents');
}
