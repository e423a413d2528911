import Router from '@koa/router';
import { BOOKING_NOT_FOUND } from '../bookings/index.ts';
import {
  type AdminReportAnswer,
  type AdminReportClosedAnswer,
  type AdminReportsAnswer,
  adminReportsQuerySchema,
  REPORTS_PATHS,
  type ReportAnswer,
  type ReportOpenedAnswer,
  type ReportsAnswer,
  closeReportSchema,
  REPORT_MESSAGES,
  reportMessageSchema,
  reportSchema,
} from '../../../../contract/reports.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { requireAdmin, requireUser } from '../auth/guards.ts';
import { pathId } from '../../http/ids.ts';
import { validate } from '../../http/validate.ts';
import { adminReportMessage, closeReport, listReports, reportDetail } from './admin.ts';
import { bookingReports, confirmDone, openReport, postReportMessage } from './service.ts';
import type { BookingAnswer } from '../../../../contract/bookings.ts';

const bookingId = (raw: string) => pathId(raw, BOOKING_NOT_FOUND);
export const reportId = (raw: string) => pathId(raw, REPORT_MESSAGES.notFound);

/**
 * "Was the job done?" and problem reports (docs/PRODUCT.md "Was the job done?", "Problem
 * reports"); the photo upload is with the other photo uploads (features/photos/routes.ts).
 */
export function reportRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  const user = requireUser(deps);
  const admin = requireAdmin(deps);

  router.post(REPORTS_PATHS.done, user, async (ctx) => {
    ctx.body = {
      success: true,
      booking: await confirmDone(deps, ctx.state.user, bookingId(ctx.params.id)),
    } satisfies BookingAnswer;
  });

  router.get(REPORTS_PATHS.ofBooking, user, async (ctx) => {
    ctx.body = {
      success: true,
      reports: await bookingReports(deps, ctx.state.user, bookingId(ctx.params.id)),
    } satisfies ReportsAnswer;
  });

  router.post(REPORTS_PATHS.ofBooking, user, async (ctx) => {
    const id = bookingId(ctx.params.id);
    const input = validate(reportSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = {
      success: true,
      message: 'Your report was sent.',
      ...(await openReport(deps, ctx.state.user, id, input)),
    } satisfies ReportOpenedAnswer;
  });

  router.post(REPORTS_PATHS.messages, user, async (ctx) => {
    const id = reportId(ctx.params.id);
    const { body } = validate(reportMessageSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = {
      success: true,
      report: await postReportMessage(deps, ctx.state.user, id, body),
    } satisfies ReportAnswer;
  });

  router.get(REPORTS_PATHS.adminList, admin, async (ctx) => {
    const { status } = validate(adminReportsQuerySchema, ctx.query);
    ctx.body = { success: true, reports: await listReports(deps.db, status) } satisfies AdminReportsAnswer;
  });

  router.get(REPORTS_PATHS.adminOne, admin, async (ctx) => {
    ctx.body = {
      success: true,
      report: await reportDetail(deps, ctx.state.admin, reportId(ctx.params.id)),
    } satisfies AdminReportAnswer;
  });

  router.post(REPORTS_PATHS.adminMessages, admin, async (ctx) => {
    const id = reportId(ctx.params.id);
    const { body } = validate(reportMessageSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = {
      success: true,
      report: await adminReportMessage(deps, ctx.state.admin, id, body),
    } satisfies ReportAnswer;
  });

  router.post(REPORTS_PATHS.adminClose, admin, async (ctx) => {
    const id = reportId(ctx.params.id);
    const input = validate(closeReportSchema, ctx.request.body);
    ctx.body = {
      success: true,
      message: 'Report closed.',
      report: await closeReport(deps, ctx.state.admin, id, input),
    } satisfies AdminReportClosedAnswer;
  });

  return router;
}
