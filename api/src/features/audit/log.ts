import type { AdminActivity, AdminActivityEntry, AdminActivityQuery } from '../../../../contract/admin.ts';
import { jsonColumn, type Conn } from '../../db.ts';
import type { AdminAuditLogRow, Int8 } from '../../db-tables.ts';
import type { AdminIdentity } from '../admin/index.ts';

export interface AuditEntry {
  admin: AdminIdentity;
  /** What was done, e.g. 'user.suspend', 'payout.approve', 'settings.update'. */
  action: string;
  targetType: 'user' | 'payout' | 'settings' | 'document' | 'report';
  targetId: number | string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at: Date;
}

/**
 * Appends one entry to the audit log. Call it in the transaction that makes the change, so an
 * action and its record land together or not at all.
 */
export async function recordAudit(db: Conn, entry: AuditEntry): Promise<void> {
  await db('admin_audit_log').insert({
    admin_id: entry.admin.id,
    admin_username: entry.admin.username,
    action: entry.action,
    target_type: entry.targetType,
    target_id: String(entry.targetId),
    before: entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
    created_at: entry.at,
  });
}

/** The actions on one account, newest first, including those on its payouts. */
export async function listUserActivity(db: Conn, userId: number): Promise<AdminActivity[]> {
  const payoutIds = db('affiliate_payouts').where({ affiliate_user_id: userId }).select(db.raw('id::text'));
  const rows = await db('admin_audit_log')
    .where((q) =>
      q
        .where({ target_type: 'user', target_id: String(userId) })
        .orWhere((p) => p.where({ target_type: 'payout' }).whereIn('target_id', payoutIds)),
    )
    .orderBy('id', 'desc')
    .limit(200);
  return rows.map(toActivity);
}

const toActivity = (r: AdminAuditLogRow): AdminActivity => ({
  id: Number(r.id),
  at: new Date(r.created_at).toISOString(),
  admin: r.admin_username,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  before: jsonColumn<Record<string, unknown> | null>(r.before),
  after: jsonColumn<Record<string, unknown> | null>(r.after),
});

/** A target id that names a row (digits only), as a number for the join, else null. */
const rowId = (type: string) =>
  `case when l.target_type = '${type}' and l.target_id ~ '^[0-9]{1,18}$' then l.target_id::bigint end`;

/**
 * Every administrator action, newest first (by id: the order they were written, whatever the
 * clock said), one page after the cursor, with the account each concerns: the user acted on, or the
 * affiliate of a payout. Reads one more row than asked to know whether another page follows.
 */
export async function listActivity(
  db: Conn,
  query: AdminActivityQuery,
): Promise<{ entries: AdminActivityEntry[]; nextCursor: string | null }> {
  const q = db('admin_audit_log as l')
    .leftJoin('affiliate_payouts as po', 'po.id', db.raw(rowId('payout')))
    .leftJoin('users as u', 'u.id', db.raw(`coalesce(${rowId('user')}, po.affiliate_user_id)`))
    .select('l.*', 'u.id as subject_id', 'u.first_name', 'u.last_name', 'u.deleted_at')
    .orderBy('l.id', 'desc')
    .limit(query.limit + 1);
  if (query.cursor) q.where('l.id', '<', query.cursor);
  if (query.action) q.where('l.action', query.action);
  // The entry with the account it concerns (left join: null when none).
  const rows: (AdminAuditLogRow & {
    subject_id: Int8 | null;
    first_name: string | null;
    last_name: string | null;
    deleted_at: Date | null;
  })[] = await q;
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((r) => ({
      ...toActivity(r),
      subject:
        r.subject_id === null
          ? null
          : { id: Number(r.subject_id), name: `${r.first_name} ${r.last_name}`, exists: !r.deleted_at },
    })),
    nextCursor: rows.length > query.limit ? String(page[page.length - 1].id) : null,
  };
}
