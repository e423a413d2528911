import type { Knex } from 'knex';
import { photoUrl } from '../../../../contract/photos.ts';
import {
  REPORT_MESSAGES,
  type PartyRole,
  type ReportThreadMessage,
  type ReportView,
} from '../../../../contract/reports.ts';
import { SYSTEM_SENDER } from '../../../../contract/bookings.ts';
import type { Count, ProblemReportRow, ReportMessageRow, UserRow } from '../../db-tables.ts';
import { toCount, type Conn } from '../../db.ts';
import { notFound } from '../../http/errors.ts';
import type { Encoded } from '../photos/index.ts';
import { addReportPhoto } from '../photos/index.ts';

/** Problem reports, their threads and photos (knex only; docs/PRODUCT.md "Problem reports"). */

/** A report's row, or 404 for anyone who is not a party to its booking (`userId` null: an administrator). */
export async function findReport(db: Conn, id: number, userId: number | null, lock = false): Promise<ProblemReportRow> {
  const query = db('problem_reports').where({ id });
  if (userId !== null) query.where((w) => w.where('customer_id', userId).orWhere('professional_id', userId));
  if (lock) query.forUpdate();
  const row = await query.first();
  if (!row) throw notFound(REPORT_MESSAGES.notFound);
  return row;
}

export const roleIn = (row: Pick<ProblemReportRow, 'customer_id'>, userId: number): PartyRole =>
  Number(row.customer_id) === userId ? 'customer' : 'professional';

export const reporterId = (row: Pick<ProblemReportRow, 'customer_id' | 'professional_id' | 'reporter_role'>) =>
  Number(row.reporter_role === 'customer' ? row.customer_id : row.professional_id);

/** Reports `userId` made in the window (as either party). */
export async function reportsMadeSince(trx: Knex.Transaction, userId: number, since: Date): Promise<number> {
  const [{ n }] = await trx('problem_reports')
    .where((w) =>
      w
        .where({ customer_id: userId, reporter_role: 'customer' })
        .orWhere({ professional_id: userId, reporter_role: 'professional' }),
    )
    .where('created_at', '>', since)
    .count({ n: '*' });
  return toCount(n);
}

export async function messagesSince(trx: Knex.Transaction, userId: number, since: Date): Promise<number> {
  const [{ n }] = await trx('report_messages')
    .where({ author_user_id: userId })
    .where('created_at', '>', since)
    .count({ n: '*' });
  return toCount(n);
}

/** The messages one party wrote in the report's thread (its share: docs/PRODUCT.md "Problem reports"). */
export async function messagesIn(trx: Knex.Transaction, reportId: number, by: PartyRole): Promise<number> {
  const [{ n }] = await trx('report_messages').where({ report_id: reportId, author_role: by }).count({ n: '*' });
  return toCount(n);
}

export async function addMessage(
  trx: Knex.Transaction,
  reportId: number,
  author: { role: PartyRole; userId: number } | { role: 'admin'; adminId: number },
  body: string,
  at: Date,
): Promise<void> {
  await trx('report_messages').insert({
    report_id: reportId,
    author_role: author.role,
    author_user_id: author.role === 'admin' ? null : author.userId,
    author_admin_id: author.role === 'admin' ? author.adminId : null,
    body,
    created_at: at,
  });
}

export async function countPhotos(db: Conn, reportId: number): Promise<number> {
  const [{ n }] = await db('photos').where({ report_id: reportId }).count({ n: '*' });
  return toCount(n);
}

export async function addPhoto(trx: Knex.Transaction, report: ProblemReportRow, photo: Encoded, at: Date) {
  const position = await countPhotos(trx, Number(report.id));
  await addReportPhoto(trx, { userId: reporterId(report), reportId: report.id, position }, photo, at);
}

type ThreadRow = Pick<ReportMessageRow, 'id' | 'report_id' | 'author_role' | 'body' | 'created_at'> &
  Pick<UserRow, 'first_name' | 'last_name'>;

/** The reports with their photos and threads, as both parties see them (three queries however many). */
export async function reportViews(db: Conn, rows: ProblemReportRow[]): Promise<ReportView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const photos = await db('photos')
    .whereIn('report_id', ids)
    .orderBy(['report_id', 'position'])
    .select('report_id', 'hash');
  const thread: ThreadRow[] = await db('report_messages as m')
    .leftJoin('users as u', 'u.id', 'm.author_user_id')
    .whereIn('m.report_id', ids)
    .orderBy('m.id')
    .select('m.id', 'm.report_id', 'm.author_role', 'm.body', 'm.created_at', 'u.first_name', 'u.last_name');
  return rows.map((r) => ({
    id: Number(r.id),
    bookingId: Number(r.booking_id),
    by: r.reporter_role,
    reason: r.reason,
    description: r.description,
    status: r.status,
    outcome: r.outcome,
    outcomeParty: r.outcome_party,
    closingNote: r.closing_note,
    closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
    photos: photos
      .filter((p) => String(p.report_id) === String(r.id))
      .map((p) => ({ thumb: photoUrl(p.hash, 'thumb'), large: photoUrl(p.hash, 'large') })),
    messages: thread
      .filter((m) => String(m.report_id) === String(r.id))
      .map(
        (m): ReportThreadMessage => ({
          id: Number(m.id),
          by: m.author_role,
          name: m.author_role === 'admin' ? SYSTEM_SENDER : `${m.first_name} ${m.last_name}`,
          body: m.body,
          createdAt: new Date(m.created_at).toISOString(),
        }),
      ),
  }));
}

/** Reports made by and against a user (for the administrator's view of their history). */
export async function reportCounts(db: Conn, userId: number): Promise<{ made: number; against: number }> {
  const row = await db('problem_reports')
    .where((w) => w.where('customer_id', userId).orWhere('professional_id', userId))
    .first<{ made: Count; against: Count }>(
      db.raw(
        "count(*) filter (where (reporter_role = 'customer' and customer_id = ?) or (reporter_role = 'professional' and professional_id = ?)) as made",
        [userId, userId],
      ),
      db.raw(
        "count(*) filter (where (reporter_role = 'customer' and professional_id = ?) or (reporter_role = 'professional' and customer_id = ?)) as against",
        [userId, userId],
      ),
    );
  return { made: toCount(row?.made), against: toCount(row?.against) };
}

/**
 * A forgotten account's words in problem reports (privacy/anonymise.ts): the reports stay for the
 * other party and the Activity log, the text this person wrote goes.
 */
export async function forgetReportWordsOf(conn: Conn, userId: number): Promise<void> {
  await conn('report_messages')
    .where({ author_user_id: userId })
    .update({ body: '[message removed: account deleted]' });
  await conn('problem_reports')
    .where((made) =>
      made
        .where({ customer_id: userId, reporter_role: 'customer' })
        .orWhere({ professional_id: userId, reporter_role: 'professional' }),
    )
    .update({ description: '[report removed: account deleted]' });
}
