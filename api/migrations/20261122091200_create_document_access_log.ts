import type { Knex } from 'knex';

// Identity documents are special personal data (Ghana's Data Protection Act): every time an
// administrator opens one, who, when and from where is kept here. No foreign key to the document
// or the professional: the record of an access outlives a replaced or deleted document.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('document_access_log', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('document_id').notNullable();
    t.bigInteger('professional_id').notNullable();
    t.text('document_kind').notNullable();
    t.bigInteger('admin_id').references('admins.id').onDelete('SET NULL');
    t.text('admin_username').notNullable();
    t.text('ip').notNullable();
    t.timestamp('accessed_at', { useTz: true }).notNullable();
    t.index(['professional_id', 'accessed_at']);
    t.index(['document_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('document_access_log');
}
