import Router from '@koa/router';
import {
  adminReport,
  adminReports,
  bookingReports,
  closeReport,
  confirmJobDone,
  REPORT_MESSAGES,
  reportProblem,
  sendAdminReportMessage,
  sendReportMessage,
} from '../../../../contract/reports.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { pathId } from '../../http/ids.ts';
import { routeTable } from '../../http/serve.ts';
import { BOOKING_NOT_FOUND, bookingAnswer } from '../bookings/index.ts';
import { adminReportMessage, closeReport as close, listReports, reportDetail } from './admin.ts';
import {
  adminReportAnswer,
  adminReportClosedAnswer,
  adminReportsAnswer,
  reportAnswer,
  reportOpenedAnswer,
  reportsAnswer,
} from './answers.ts';
import {
  addReportPhoto as addPhoto,
  bookingReports as reportsOf,
  confirmDone,
  openReport,
  postReportMessage,
} from './service.ts';
import { photoBody, uploadDeps } from '../photos/index.ts';
import { addReportPhoto } from '../../../../contract/photos.ts';

const bookingId = (raw: string) => pathId(raw, BOOKING_NOT_FOUND);
const reportId = (raw: string) => pathId(raw, REPORT_MESSAGES.notFound);

/**
 * "Was the job done?" and problem reports (docs/PRODUCT.md "Was the job done?", "Problem
 * reports"), and a report's photos.
 */
export function reportRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);

  serve(confirmJobDone, bookingAnswer, async (ctx) => ({
    success: true,
    booking: await confirmDone(deps, ctx.state.user, bookingId(ctx.params.id)),
  }));

  serve(bookingReports, reportsAnswer, async (ctx) => ({
    success: true,
    reports: await reportsOf(deps, ctx.state.user, bookingId(ctx.params.id)),
  }));

  serve(reportProblem, reportOpenedAnswer, async (ctx, { body }) => ({
    success: true,
    message: 'Your report was sent.',
    ...(await openReport(deps, ctx.state.user, bookingId(ctx.params.id), body)),
  }));

  serve(sendReportMessage, reportAnswer, async (ctx, { body }) => ({
    success: true,
    report: await postReportMessage(deps, ctx.state.user, reportId(ctx.params.id), body.body),
  }));

  // A problem report's photo (docs/PRODUCT.md "Problem reports"): the photos' pipeline, queue and limits.
  serve(addReportPhoto, reportAnswer, async (ctx) => ({
    success: true,
    report: await addPhoto(uploadDeps(deps), ctx.state.user, reportId(ctx.params.id), photoBody(ctx.req)),
  }));

  serve(adminReports, adminReportsAnswer, async (_ctx, { query }) => ({
    success: true,
    reports: await listReports(deps.db, query.status),
  }));

  serve(adminReport, adminReportAnswer, async (ctx) => ({
    success: true,
    report: await reportDetail(deps, ctx.state.admin, reportId(ctx.params.id)),
  }));

  serve(sendAdminReportMessage, reportAnswer, async (ctx, { body }) => ({
    success: true,
    report: await adminReportMessage(deps, ctx.state.admin, reportId(ctx.params.id), body.body),
  }));

  serve(closeReport, adminReportClosedAnswer, async (ctx, { body }) => ({
    success: true,
    message: 'Report closed.',
    report: await close(deps, ctx.state.admin, reportId(ctx.params.id), body),
  }));

  return router;
}
