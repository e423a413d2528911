import type { Knex } from 'knex';
import { startMs } from '../../../../contract/dates.ts';
import {
  lateCancellationWords,
  REPORT_MESSAGES,
  REPORT_OUTCOME_LABELS,
  reliabilityWords,
  type AdminReportDetail,
  type AdminReportItem,
  type AdminReportParty,
  type PartyRole,
  type ReportOutcome,
  upholdsNoShow,
} from '../../../../contract/reports.ts';
import type { AppDeps } from '../../deps.ts';
import type { BookingRow, Count, Int8, ProblemReportRow, UserRow } from '../../db-tables.ts';
import { toCount, type Conn, type Db } from '../../db.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { type AdminIdentity, changeUserStatus } from '../admin/index.ts';
import { recordAudit } from '../audit/index.ts';
import {
  addSystemLine,
  customerLateCancellations,
  endAsNoShow,
  findBookings,
  professionalReliability,
} from '../bookings/index.ts';
import { uncountCompletedJob } from '../professionals/index.ts';
import { bookingStep, chatLines, reportMessages, textMessages } from '../notifications/index.ts';
import * as repo from './repo.ts';

/**
 * The administrators' side of problem reports (docs/PRODUCT.md "Problem reports",
 * "Administrators"): the queue, one report with everything needed to decide, messages to both
 * parties and the closing outcome. Every step is in the audit log, in the step's transaction.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'notifier' | 'logger' | 'config'>;
type QueueRow = ProblemReportRow & { day: string; time: string } & {
  c_first: string;
  c_last: string;
  p_first: string;
  p_last: string;
};

const queueQuery = (db: Conn) =>
  db('problem_reports as r')
    .join('bookings as b', 'b.id', 'r.booking_id')
    .join('users as c', 'c.id', 'r.customer_id')
    .join('users as p', 'p.id', 'r.professional_id')
    .select(
      'r.*',
      db.raw("to_char(b.date, 'YYYY-MM-DD') as day"),
      'b.time',
      'c.first_name as c_first',
      'c.last_name as c_last',
      'p.first_name as p_first',
      'p.last_name as p_last',
    );

const toItem = (r: QueueRow): AdminReportItem => {
  const customer = `${r.c_first} ${r.c_last}`;
  const professional = `${r.p_first} ${r.p_last}`;
  return {
    id: Number(r.id),
    bookingId: Number(r.booking_id),
    by: r.reporter_role,
    reporterName: r.reporter_role === 'customer' ? customer : professional,
    otherName: r.reporter_role === 'customer' ? professional : customer,
    reason: r.reason,
    status: r.status,
    outcome: r.outcome,
    createdAt: new Date(r.created_at).toISOString(),
    jobStart: new Date(startMs(r.day, r.time)).toISOString(),
  };
};

/** GET /api/admin/reports: open reports longest waiting first; closed ones newest first (the latest 100). */
export async function listReports(db: Db, status: 'open' | 'closed'): Promise<AdminReportItem[]> {
  const rows: QueueRow[] = await queueQuery(db)
    .where('r.status', status)
    .orderBy('r.id', status === 'open' ? 'asc' : 'desc')
    .limit(100);
  return rows.map(toItem);
}

async function party(db: Conn, userId: number, role: PartyRole, now: Date): Promise<AdminReportParty> {
  const user = (await db('users').where({ id: userId }).first('id', 'first_name', 'last_name', 'status')) as Pick<
    UserRow,
    'id' | 'first_name' | 'last_name' | 'status'
  >;
  const history = await db('bookings')
    .where(role === 'customer' ? 'customer_id' : 'professional_id', userId)
    .first<{ bookings: Count; completed: Count; cancelled: Count }>(
      db.raw('count(*) as bookings'),
      db.raw("count(*) filter (where status = 'completed') as completed"),
      db.raw("count(*) filter (where status = 'cancelled') as cancelled"),
    );
  const reports = await repo.reportCounts(db, userId);
  const reliability =
    role === 'professional'
      ? reliabilityWords((await professionalReliability(db, [userId], now)).get(userId)!)
      : lateCancellationWords((await customerLateCancellations(db, [userId], now)).get(userId)!);
  return {
    id: userId,
    name: `${user.first_name} ${user.last_name}`,
    role,
    status: user.status,
    history: {
      bookings: toCount(history?.bookings),
      completed: toCount(history?.completed),
      cancelled: toCount(history?.cancelled),
      reportsMade: reports.made,
      reportsAgainst: reports.against,
    },
    reliability,
  };
}

/** GET /api/admin/reports/{id}: the report and everything needed to decide it; the opening is audited (it shows a private chat). */
export async function reportDetail(deps: Deps, admin: AdminIdentity, id: number): Promise<AdminReportDetail> {
  const now = deps.clock.now();
  return deps.db.transaction(async (trx) => {
    const row: QueueRow | undefined = await queueQuery(trx).where('r.id', id).first();
    if (!row) throw notFound(REPORT_MESSAGES.notFound);
    const customerId = Number(row.customer_id);
    const [booking] = await findBookings(trx, customerId, { id: Number(row.booking_id) });
    const [view] = await repo.reportViews(trx, [row]);
    const chat: { id: Int8; body: string; created_at: Date; first_name: string | null; last_name: string | null }[] =
      await trx('booking_messages as m')
        .leftJoin('users as u', 'u.id', 'm.sender_id')
        .where('m.booking_id', row.booking_id)
        .orderBy('m.id')
        .limit(500)
        .select('m.id', 'm.body', 'm.created_at', 'u.first_name', 'u.last_name');
    const review = await trx('reviews').where({ booking_id: row.booking_id }).first('rating', 'comment', 'created_at');
    const firstReport = await trx('problem_reports')
      .where({ booking_id: row.booking_id })
      .min({ at: 'created_at' })
      .first();
    await recordAudit(trx, { admin, action: 'report.view', targetType: 'report', targetId: id, at: now });
    const bookingRow = (await trx('bookings').where({ id: row.booking_id }).first('status')) as Pick<
      BookingRow,
      'status'
    >;
    return {
      ...toItem(row),
      report: view,
      booking: {
        date: booking.date,
        time: booking.time,
        service: booking.service,
        status: bookingRow.status,
        totalAmount: booking.totalAmount,
        description: booking.description,
      },
      customer: await party(trx, customerId, 'customer', now),
      professional: await party(trx, Number(row.professional_id), 'professional', now),
      chat: chat.map((m) => ({
        id: Number(m.id),
        by: m.first_name === null ? 'ServiceConnect' : `${m.first_name} ${m.last_name}`,
        body: m.body,
        createdAt: new Date(m.created_at).toISOString(),
      })),
      // The "reported" mark: a review written after a report on the job, shown to administrators only.
      review: review
        ? {
            rating: review.rating,
            comment: review.comment,
            createdAt: new Date(review.created_at).toISOString(),
            afterReport: !!firstReport?.at && new Date(review.created_at) > new Date(firstReport.at as Date),
          }
        : null,
    };
  });
}

async function emailBoth(
  deps: Deps,
  trx: Knex.Transaction,
  report: ProblemReportRow,
  write: (
    to: string,
    booking: Awaited<ReturnType<typeof findBookings>>[number],
  ) => Parameters<Deps['notifier']['sendEmail']>[0],
  text?: typeof textMessages.reportClosed,
) {
  for (const userId of [Number(report.customer_id), Number(report.professional_id)]) {
    const [booking] = await findBookings(trx, userId, { id: Number(report.booking_id) });
    const contact = (await trx('users').where({ id: userId }).first('email'))!;
    await deps.notifier.sendEmail(write(contact.email, booking), trx);
    if (text) await deps.notifier.sendStep(userId, bookingStep(booking, userId, text(booking)), trx);
  }
}

/** POST /api/admin/reports/{id}/messages: an administrator writes to both parties in the report. */
export async function adminReportMessage(deps: Deps, admin: AdminIdentity, id: number, body: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    const report = await repo.findReport(trx, id, null, true);
    if (report.status !== 'open') throw conflict(REPORT_MESSAGES.closed);
    await repo.addMessage(trx, id, { role: 'admin', adminId: admin.id }, body, now);
    await recordAudit(trx, {
      admin,
      action: 'report.message',
      targetType: 'report',
      targetId: id,
      after: { body },
      at: now,
    });
    await emailBoth(deps, trx, report, (to, booking) => reportMessages.adminWrote(to, booking));
  });
  return (await repo.reportViews(deps.db, [await repo.findReport(deps.db, id, null)]))[0];
}

/**
 * POST /api/admin/reports/{id}/close: the outcome and a note both parties read. A suspension goes
 * through the administrators' one status path (sessions end at once), in the same transaction.
 */
export async function closeReport(
  deps: Deps,
  admin: AdminIdentity,
  id: number,
  input: { outcome: ReportOutcome; party?: PartyRole; note: string },
) {
  if (input.outcome !== 'resolved' && !input.party) throw badRequest(REPORT_MESSAGES.partyNeeded);
  const party = input.outcome === 'resolved' ? null : (input.party ?? null);
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    const report = await repo.findReport(trx, id, null, true);
    if (report.status !== 'open') throw conflict(REPORT_MESSAGES.alreadyClosed);
    await trx('problem_reports').where({ id }).update({
      status: 'closed',
      outcome: input.outcome,
      outcome_party: party,
      closing_note: input.note,
      closed_by_admin_id: admin.id,
      closed_at: now,
    });
    await recordAudit(trx, {
      admin,
      action: 'report.close',
      targetType: 'report',
      targetId: id,
      before: { status: 'open' },
      after: { status: 'closed', outcome: input.outcome, party, note: input.note },
      at: now,
    });
    // The verdict acts on the job (docs/PRODUCT.md "Problem reports"): an upheld "did not come"
    // ends it as the professional's no-show; a completed one leaves his count of completed jobs.
    const noShow = upholdsNoShow({
      by: report.reporter_role,
      reason: report.reason,
      outcome: input.outcome,
      outcomeParty: party,
    });
    if (noShow) {
      const was = await endAsNoShow(trx, Number(report.booking_id), now);
      if (was === 'completed') await uncountCompletedJob(trx, report.professional_id);
    }
    if (input.outcome === 'suspension') {
      const userId = Number(party === 'customer' ? report.customer_id : report.professional_id);
      const current = await trx('users').where({ id: userId }).first('status');
      if (current?.status === 'active') await changeUserStatus(trx, admin, userId, 'suspended', now, { report: id });
    }
    const outcome = REPORT_OUTCOME_LABELS[input.outcome];
    await addSystemLine(
      trx,
      Number(report.booking_id),
      null,
      'report_closed',
      chatLines.reportClosed(outcome, noShow),
      now,
    );
    await emailBoth(
      deps,
      trx,
      report,
      (to, booking) => reportMessages.closed(to, booking, outcome, input.note, noShow),
      textMessages.reportClosed,
    );
  });
  return (await repo.reportViews(deps.db, [await repo.findReport(deps.db, id, null)]))[0];
}
