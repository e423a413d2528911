import type { Knex } from 'knex';

// The console's Activity list shows the audit log newest first, a page after a cursor, optionally
// one kind of action. By id alone a rare action would walk the whole log; this index reads that
// action's entries in order and stops at a page.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index admin_audit_log_action_id on admin_audit_log (action, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index admin_audit_log_action_id');
}
