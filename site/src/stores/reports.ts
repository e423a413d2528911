import type { Booking } from '../../../contract/bookings.ts';
import {
  confirmJobDone,
  type ReportReason,
  bookingReports,
  type ReportsAnswer,
  reportProblem,
  sendReportMessage as sendMessageRoute,
} from '../../../contract/reports.ts';
import { onMount } from 'nanostores';
import { $session } from './session.ts';
import { addReportPhoto as addPhotoRoute } from '../../../contract/photos.ts';
import { call } from '../lib/call.ts';
import type { Load } from '../lib/load.ts';
import { $bookings } from './bookings.ts';
import { onUserEvent } from './events.ts';
import { type LoadStore, routeLoad } from './load-store.ts';

/**
 * "Was the job done?" and problem reports from a booking's card (docs/PRODUCT.md "Was the job
 * done?", "Problem reports"). Each call throws ApiError with the server's words; a booking's
 * reports are a store (`reportsOf`), read again after sending and when the booking says they changed.
 */
const token = () => $session.get().token;

export const confirmDone = (bookingId: number) =>
  call(confirmJobDone, { params: { id: bookingId } }, { token: token() });

/** What the list of bookings says of a booking's reports (their count, states and messages). */
function reportsSummary(bookings: Load<Booking[]>, bookingId: number): string {
  if (bookings.state !== 'loaded') return '';
  return JSON.stringify(bookings.data.find((b) => b.id === bookingId)?.trust?.reports ?? []);
}

/**
 * A booking's reports (GET /api/bookings/{id}/reports), one store per booking: read when its card
 * first shows them, again when the booking's summary of them changes (a message, a photo, the
 * outcome) and after sending.
 */
const reportStores = routeLoad(bookingReports, {
  select: (answer) => answer.reports,
  failure: (error) => (error instanceof Error && error.message) || 'The reports could not be loaded.',
  news: (refresh) => onUserEvent(['reset'], refresh),
});
const followed = new Set<number>();
export function reportsOf(bookingId: number): LoadStore<ReportsAnswer['reports']> {
  const reports = reportStores({ params: { id: bookingId } });
  if (followed.has(bookingId)) return reports;
  followed.add(bookingId);
  // The booking's summary of its reports changed in the list (stores/bookings.ts follows the news).
  onMount(reports.$load, () => {
    let summary = reportsSummary($bookings.value, bookingId);
    return $bookings.listen((bookings) => {
      const now = reportsSummary(bookings, bookingId);
      if (now === summary) return;
      summary = now;
      reports.refresh();
    });
  });
  return reports;
}

export const openReport = (bookingId: number, input: { reason: ReportReason; description: string }) =>
  call(reportProblem, { params: { id: bookingId }, body: input }, { token: token() });

export const addReportPhoto = (reportId: number, file: File) =>
  call(addPhotoRoute, { params: { id: reportId } }, { file, token: token(), timeoutMs: 60_000 });

export const sendReportMessage = (reportId: number, body: string) =>
  call(sendMessageRoute, { params: { id: reportId }, body: { body } }, { token: token() });
