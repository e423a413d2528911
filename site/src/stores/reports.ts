import type { Booking } from '../../../contract/bookings.ts';
import type { ReportReason, ReportView } from '../../../contract/reports.ts';
import { apiFetch } from '../lib/api.ts';
import { $session } from './session.ts';

/**
 * "Was the job done?" and problem reports from a booking's card (docs/PRODUCT.md "Was the job
 * done?", "Problem reports"). Each call throws ApiError with the server's words; the card then
 * reads its list again, as the live stream also makes it do.
 */
const token = () => $session.get().token;

export const confirmDone = (bookingId: number) =>
  apiFetch<{ booking: Booking }>(`/api/bookings/${bookingId}/done`, { method: 'POST', body: {}, token: token() });

export const loadReports = (bookingId: number, signal?: AbortSignal) =>
  apiFetch<{ reports: ReportView[] }>(`/api/bookings/${bookingId}/reports`, { token: token(), signal });

export const openReport = (bookingId: number, input: { reason: ReportReason; description: string }) =>
  apiFetch<{ report: ReportView; booking: Booking }>(`/api/bookings/${bookingId}/reports`, {
    method: 'POST',
    body: input,
    token: token(),
  });

export const addReportPhoto = (reportId: number, file: File) =>
  apiFetch<{ report: ReportView }>(`/api/reports/${reportId}/photos`, {
    method: 'POST',
    file,
    token: token(),
    timeoutMs: 60_000,
  });

export const sendReportMessage = (reportId: number, body: string) =>
  apiFetch<{ report: ReportView }>(`/api/reports/${reportId}/messages`, {
    method: 'POST',
    body: { body },
    token: token(),
  });
