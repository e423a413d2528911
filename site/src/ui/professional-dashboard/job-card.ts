import type { Booking, BookingStatus } from '../../../../contract/bookings.ts';
import { dateLabel, timeLabel } from '../../../../contract/dates.ts';
import type { CancellationKind } from '../../../../contract/reports.ts';

export type JobFilter = BookingStatus | 'all';
export const JOB_FILTERS: readonly { id: JobFilter; label: string }[] = [
  { id: 'pending', label: 'Pending' },
  { id: 'confirmed', label: 'Confirmed' },
  { id: 'completed', label: 'Completed' },
  { id: 'all', label: 'All' },
];

const byWhen = (a: Booking, b: Booking) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`) || a.id - b.id;

/** The jobs a filter shows, soonest first. */
export const jobsShown = (all: Booking[], filter: JobFilter): Booking[] =>
  all.filter((j) => filter === 'all' || j.status === filter).sort(byWhen);

export const jobCount = (all: Booking[], filter: JobFilter): number =>
  filter === 'all' ? all.length : all.filter((j) => j.status === filter).length;

export const noJobsText = (filter: JobFilter): string =>
  filter === 'pending'
    ? 'No pending job requests right now.'
    : filter === 'all'
      ? 'No job requests yet.'
      : `No ${filter} jobs.`;

/** What the professional is told before cancelling a confirmed job (docs/PRODUCT.md "Cancellations that count"). */
const CANCEL_NOW_WORDS: Record<CancellationKind, string> = {
  early: 'The customer is told at once.',
  late: 'It starts within 24 hours, so this counts as a late cancellation on your public page.',
  no_show: 'Its time has started, so this counts as a no-show on your public page.',
};

export const cancelJobQuestion = (job: Booking): string =>
  `Cancel the job with ${job.customerName} on ${dateLabel(job.date)} at ${timeLabel(job.time)}? ${CANCEL_NOW_WORDS[job.trust?.cancelNow ?? 'early']}`;

export const completeJobQuestion = (job: Booking): string =>
  `Mark the job with ${job.customerName} on ${dateLabel(job.date)} as completed? ${job.customerName} will be asked to confirm it was done.`;

/** Asked before a decline (docs/PRODUCT.md "Bookings"): the request goes, and the customer reads any reason. */
export const declineQuestion = (job: Booking): string =>
  `Decline ${job.customerName}'s request for ${dateLabel(job.date)} at ${timeLabel(job.time)}? The time is free again, and ${job.customerName} reads the reason if you give one.`;
