import type { Knex } from 'knex';
import type { SessionUser } from '../../../../contract/account-types.ts';
import type { Booking } from '../../../../contract/bookings.ts';
import { subtractTime } from '../../../../contract/dates.ts';
import {
  DONE_QUESTION_MS,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_PHOTOS_MAX,
  REPORT_REASON_LABELS,
  type PartyRole,
  type ReportReason,
  type ReportView,
} from '../../../../contract/reports.ts';
import type { AppDeps } from '../../deps.ts';
import type { BookingRow } from '../../db-tables.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.ts';
import { BOOKING_NOT_FOUND, findBookings, slotStart } from '../bookings/index.ts';
import { reportWindow, withTrust } from '../bookings/index.ts';
import { addSystemLine } from '../bookings/index.ts';
import { bookingStep, chatLines, reportMessages, textMessages } from '../notifications/index.ts';
import { receive, type ReadBody, type UploadDeps } from '../photos/index.ts';
import { lockUser } from '../photos/index.ts';
import * as repo from './repo.ts';
import * as bookingsRepo from '../bookings/index.ts';

/**
 * "Was the job done?" and problem reports, as the parties use them (docs/PRODUCT.md "Was the job
 * done?", "Problem reports"). Each change, its chat line and its messages are one transaction.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'notifier'>;

/** The booking's row and the reader's part in it, or 404 for anyone else. */
async function partyBooking(db: Deps['db'], userId: number, id: number) {
  const row = await db('bookings')
    .where({ id })
    .where((w) => w.where('customer_id', userId).orWhere('professional_id', userId))
    .first<BookingRow & { day: string }>('*', db.raw("to_char(date, 'YYYY-MM-DD') as day"));
  if (!row) throw notFound(BOOKING_NOT_FOUND);
  const role: PartyRole = Number(row.customer_id) === userId ? 'customer' : 'professional';
  return { row, role, start: slotStart(row.day, row.time)! };
}

const contactOf = (trx: Knex.Transaction, userId: number) =>
  trx('users').where({ id: userId }).first('email', 'phone') as Promise<{ email: string; phone: string }>;

/** The booking as `userId` sees it, with its trust details. */
export async function bookingFor(db: Deps['db'] | Knex.Transaction, userId: number, id: number, now: Date) {
  return (await withTrust(db, userId, await findBookings(db, userId, { id }), now))[0];
}

/** POST /api/bookings/{id}/done: the customer answers "Yes", the job was done. */
export async function confirmDone(deps: Deps, user: SessionUser, bookingId: number): Promise<Booking> {
  const { role } = await partyBooking(deps.db, user.id, bookingId);
  if (role !== 'customer') throw forbidden(REPORT_MESSAGES.onlyCustomerAnswers);
  const now = deps.clock.now();
  // Conditional update: of "Yes" and a report sent at the same moment, only one finds no answer.
  const answered = await deps.db.transaction(async (trx) => {
    const count = await bookingsRepo.answerDone(trx, bookingId, now, subtractTime(now, { ms: DONE_QUESTION_MS }));
    if (count) await addSystemLine(trx, bookingId, user.id, 'job_confirmed_done', chatLines.confirmedDone(), now);
    return count > 0;
  });
  if (!answered) {
    const current = (await deps.db('bookings').where({ id: bookingId }).first('status', 'done_answer'))!;
    throw conflict(
      current.status !== 'completed'
        ? REPORT_MESSAGES.notAsked
        : current.done_answer === 'yes'
          ? REPORT_MESSAGES.alreadyAnswered
          : current.done_answer === 'problem'
            ? REPORT_MESSAGES.reportedInstead
            : REPORT_MESSAGES.questionClosed,
    );
  }
  return bookingFor(deps.db, user.id, bookingId, now);
}

/** POST /api/bookings/{id}/reports: either party reports a problem with the job. */
export async function openReport(
  deps: Deps,
  user: SessionUser,
  bookingId: number,
  input: { reason: ReportReason; description: string },
): Promise<{ report: ReportView; booking: Booking }> {
  const { row, role, start } = await partyBooking(deps.db, user.id, bookingId);
  const now = deps.clock.now();
  const window = reportWindow(row, start, role);
  if (!window)
    throw conflict(
      row.done_answer === 'yes' && role === 'customer' ? REPORT_MESSAGES.answeredYes : REPORT_MESSAGES.notReportable,
    );
  if (now < window.from) throw conflict(REPORT_MESSAGES.tooEarly);
  if (now > window.until) throw conflict(REPORT_MESSAGES.tooLate);
  const reportId = await deps.db.transaction(async (trx) => {
    // The reporter's row lock counts their reports one after another (per-account cap).
    await lockUser(trx, user.id);
    if ((await repo.reportsMadeSince(trx, user.id, subtractTime(now, { days: 30 }))) >= REPORT_LIMITS.reportsPer30Days)
      throw new HttpError(429, 'rate_limited', REPORT_MESSAGES.tooMany);
    if (role === 'customer') {
      // The customer's report answers "Was the job done?": it loses to a "Yes" given first.
      const count = await bookingsRepo.answerProblem(trx, bookingId, now);
      if (!count) throw conflict(REPORT_MESSAGES.answeredYes);
    }
    // problem_reports_one_open: a second open report by the same party is a 409 (error middleware).
    const [inserted] = await trx('problem_reports')
      .insert({
        booking_id: bookingId,
        customer_id: row.customer_id,
        professional_id: row.professional_id,
        reporter_role: role,
        reason: input.reason,
        description: input.description,
        created_at: now,
      })
      .returning('id');
    const reason = REPORT_REASON_LABELS[input.reason];
    await addSystemLine(
      trx,
      bookingId,
      user.id,
      'report_opened',
      chatLines.reportOpened(role, reason.toLowerCase()),
      now,
    );
    const otherId = Number(role === 'customer' ? row.professional_id : row.customer_id);
    const [booking] = await findBookings(trx, user.id, { id: bookingId });
    const me = await contactOf(trx, user.id);
    const other = await contactOf(trx, otherId);
    await deps.notifier.sendEmail(reportMessages.opened(me.email, booking, true, reason), trx);
    await deps.notifier.sendEmail(reportMessages.opened(other.email, booking, false, reason), trx);
    await deps.notifier.sendStep(otherId, bookingStep(booking, otherId, textMessages.reportOpened(booking)), trx);
    return Number(inserted.id);
  });
  const [report] = await repo.reportViews(deps.db, [await repo.findReport(deps.db, reportId, user.id)]);
  return { report, booking: await bookingFor(deps.db, user.id, bookingId, now) };
}

/** GET /api/bookings/{id}/reports: every report on the booking, with photos and thread, for both parties. */
export async function bookingReports(deps: Deps, user: SessionUser, bookingId: number): Promise<ReportView[]> {
  await partyBooking(deps.db, user.id, bookingId);
  const rows = await deps.db('problem_reports').where({ booking_id: bookingId }).orderBy('id');
  return repo.reportViews(deps.db, rows);
}

/** POST /api/reports/{id}/messages: a party writes in the report's thread. */
export async function postReportMessage(
  deps: Deps,
  user: SessionUser,
  reportId: number,
  body: string,
): Promise<ReportView> {
  const now = deps.clock.now();
  const report = await repo.findReport(deps.db, reportId, user.id);
  await deps.db.transaction(async (trx) => {
    await lockUser(trx, user.id);
    const locked = await repo.findReport(trx, reportId, user.id, true);
    if (locked.status !== 'open') throw conflict(REPORT_MESSAGES.closed);
    if ((await repo.messagesSince(trx, user.id, subtractTime(now, { hours: 1 }))) >= REPORT_LIMITS.messagesPerHour)
      throw new HttpError(429, 'rate_limited', REPORT_MESSAGES.messagesPerHour, { headers: { 'Retry-After': '3600' } });
    // Each party's own share (docs/PRODUCT.md "Problem reports"): one side can never use up the other's.
    const role = repo.roleIn(report, user.id);
    if ((await repo.messagesIn(trx, reportId, role)) >= REPORT_LIMITS.messagesPerPartyPerReport)
      throw conflict(REPORT_MESSAGES.threadFull);
    await repo.addMessage(trx, reportId, { role, userId: user.id }, body, now);
  });
  return (await repo.reportViews(deps.db, [await repo.findReport(deps.db, reportId, user.id)]))[0];
}

/**
 * POST /api/reports/{id}/photos: the reporter adds a photo through the photo pipeline (its queue,
 * hourly limit, checks and re-encoding; docs/PRODUCT.md "Photos"), at most REPORT_PHOTOS_MAX.
 */
export async function addReportPhoto(
  deps: UploadDeps,
  user: SessionUser,
  reportId: number,
  read: ReadBody,
): Promise<ReportView> {
  const report = await repo.findReport(deps.db, reportId, user.id);
  if (repo.reporterId(report) !== user.id) throw forbidden(REPORT_MESSAGES.notYourReport);
  if (report.status !== 'open') throw conflict(REPORT_MESSAGES.closed);
  if ((await repo.countPhotos(deps.db, reportId)) >= REPORT_PHOTOS_MAX) throw badRequest(REPORT_MESSAGES.photosFull);
  const photo = await receive(deps, user, read);
  await deps.db.transaction(async (trx) => {
    const locked = await repo.findReport(trx, reportId, user.id, true);
    if ((await repo.countPhotos(trx, reportId)) >= REPORT_PHOTOS_MAX) throw badRequest(REPORT_MESSAGES.photosFull);
    await repo.addPhoto(trx, locked, photo, deps.clock.now());
  });
  return (await repo.reportViews(deps.db, [await repo.findReport(deps.db, reportId, user.id)]))[0];
}
