import type { BookingAnswer } from '../../../contract/bookings.ts';
import {
  type ReportAnswer,
  type ReportOpenedAnswer,
  type ReportReason,
  REPORTS_PATHS,
  type ReportsAnswer,
} from '../../../contract/reports.ts';
import { apiFetch } from '../lib/api.ts';
import { $session } from './session.ts';
import { routePath } from '../../../contract/api.ts';
import { PHOTOS_PATHS } from '../../../contract/photos.ts';

/**
 * "Was the job done?" and problem reports from a booking's card (docs/PRODUCT.md "Was the job
 * done?", "Problem reports"). Each call throws ApiError with the server's words; the card then
 * reads its list again, as the live stream also makes it do.
 */
const token = () => $session.get().token;

export const confirmDone = (bookingId: number) =>
  apiFetch<BookingAnswer>(routePath(REPORTS_PATHS.done, { id: bookingId }), {
    method: 'POST',
    body: {},
    token: token(),
  });

export const loadReports = (bookingId: number, signal?: AbortSignal) =>
  apiFetch<ReportsAnswer>(routePath(REPORTS_PATHS.ofBooking, { id: bookingId }), { token: token(), signal });

export const openReport = (bookingId: number, input: { reason: ReportReason; description: string }) =>
  apiFetch<ReportOpenedAnswer>(routePath(REPORTS_PATHS.ofBooking, { id: bookingId }), {
    method: 'POST',
    body: input,
    token: token(),
  });

export const addReportPhoto = (reportId: number, file: File) =>
  apiFetch<ReportAnswer>(routePath(PHOTOS_PATHS.reportPhotos, { id: reportId }), {
    method: 'POST',
    file,
    token: token(),
    timeoutMs: 60_000,
  });

export const sendReportMessage = (reportId: number, body: string) =>
  apiFetch<ReportAnswer>(routePath(REPORTS_PATHS.messages, { id: reportId }), {
    method: 'POST',
    body: { body },
    token: token(),
  });
