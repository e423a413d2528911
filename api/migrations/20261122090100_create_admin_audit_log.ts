import type { Knex } from 'knex';

// Every administrator action: who, what, on which record, before and after, when. Append-only: the
// database itself refuses UPDATE and DELETE, so not even a bug in the API can rewrite history. The
// username is copied so an entry stays readable whatever happens to the admin row.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_audit_log', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('admin_id').references('admins.id').onDelete('SET NULL');
    t.text('admin_username').notNullable();
    t.text('action').notNullable();
    t.text('target_type').notNullable();
    t.text('target_id').notNullable();
    t.jsonb('before');
    t.jsonb('after');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['target_type', 'target_id', 'created_at']);
  });
  await knex.raw(`
    CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- ON DELETE SET NULL of admin_id is the one change allowed (removing an administrator).
      IF TG_OP = 'UPDATE' AND NEW.admin_id IS NULL AND OLD.admin_id IS NOT NULL
         AND (to_jsonb(NEW) - 'admin_id') = (to_jsonb(OLD) - 'admin_id') THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'admin_audit_log is append-only';
    END $$`);
  await knex.raw(`CREATE TRIGGER admin_audit_log_append_only BEFORE UPDATE OR DELETE ON admin_audit_log
    FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('admin_audit_log');
  await knex.raw('DROP FUNCTION admin_audit_log_append_only()');
}
