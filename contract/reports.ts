import * as z from 'zod/mini';
import { DAY_MS, HOUR_MS } from './dates.ts';
import { countOf } from './counts.ts';
import type { Booking, BookingAnswer } from './bookings.ts';
import { json, route } from './route.ts';

/**
 * Trust around the job (docs/PRODUCT.md "Cancellations that count", "Was the
 * job done?", "Problem reports"): how cancellations count, the customer's answer once a job is
 * marked done, and problem reports that an administrator resolves.
 */

export type PartyRole = 'customer' | 'professional';

/** A confirmed booking cancelled at least 24 hours before its start is early; later, late; after the start by the professional, a no-show. */
export const CANCELLATION_KINDS = ['early', 'late', 'no_show'] as const;
export type CancellationKind = (typeof CANCELLATION_KINDS)[number];
export const LATE_CANCELLATION_MS = 24 * HOUR_MS;

/** "Was the job done?" stays open this long after the job is marked completed; unanswered, it counts as done. */
export const DONE_QUESTION_MS = 72 * HOUR_MS;
export type DoneAnswer = 'yes' | 'problem';

/** A problem may be reported from the job's start until this long after it. */
export const REPORT_WINDOW_MS = 7 * DAY_MS;
/** The public figures look back this far. */
export const RELIABILITY_DAYS = 90;
export const RELIABILITY_MS = RELIABILITY_DAYS * DAY_MS;

export const REPORT_REASONS = [
  'not_attended',
  'late',
  'poor_work',
  'damage',
  'overcharging',
  'unsafe',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  not_attended: 'Did not come',
  late: 'Came late',
  poor_work: 'Poor work',
  damage: 'Damage',
  overcharging: 'Overcharging',
  unsafe: 'Felt unsafe',
  other: 'Something else',
};

export const REPORT_OUTCOMES = ['resolved', 'warning', 'suspension'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
export const REPORT_OUTCOME_LABELS: Record<ReportOutcome, string> = {
  resolved: 'Resolved',
  warning: 'Warning given',
  suspension: 'Account suspended',
};

export const REPORT_PHOTOS_MAX = 3;
export const REPORT_TEXT_MAX = 2000;
/**
 * Per account: reports in 30 days and messages in an hour; per party, its share of one report's
 * thread (docs/PRODUCT.md "Problem reports"). A report is rare; these stop one account filling the
 * administrators' queue, and a share of its own stops one party leaving the other no room to answer.
 */
export const REPORT_LIMITS = { reportsPer30Days: 5, messagesPerHour: 20, messagesPerPartyPerReport: 20 } as const;

export const REPORT_MESSAGES = {
  notFound: 'Report not found.',
  tooEarly: "You can report a problem once the job's time has started.",
  tooLate: 'Problems can be reported up to 7 days after the job. For anything older, contact support.',
  notReportable: 'Only a confirmed or completed job can have a problem reported.',
  alreadyOpen: 'You already have an open report on this booking. Add to it in its messages instead.',
  answeredYes:
    'You confirmed this job was done, so a problem can no longer be reported on it. Contact support if something has come up since.',
  tooMany: `You have made ${REPORT_LIMITS.reportsPer30Days} reports in the last 30 days. Contact support if you need to report another problem.`,
  messagesPerHour: `You have sent ${REPORT_LIMITS.messagesPerHour} report messages in the last hour. Please wait a while before sending another.`,
  threadFull: `You have written ${REPORT_LIMITS.messagesPerPartyPerReport} messages in this report, as many as each side may. An administrator will be in touch; contact support if you need to add more.`,
  closed: 'This report is closed, so no more messages can be added.',
  photosFull: `A report can have up to ${REPORT_PHOTOS_MAX} photos.`,
  notYourReport: 'Only the person who made the report can add photos to it.',
  onlyCustomerAnswers: 'Only the customer can say whether the job was done.',
  notAsked: 'This job has not been marked completed, so there is nothing to confirm yet.',
  alreadyAnswered: 'You have already answered for this job.',
  questionClosed: 'This job counted as done 72 hours after it was marked completed.',
  reportedInstead: 'You reported a problem with this job; an administrator is looking at it.',
  partyNeeded: 'Say whose account the warning or suspension is for.',
  alreadyClosed: 'This report is already closed.',
} as const;

const text = (empty: string) =>
  z
    .string({ error: empty })
    .check(
      z.maxLength(REPORT_TEXT_MAX, { error: `Keep it under ${REPORT_TEXT_MAX} characters.`, abort: true }),
      z.trim(),
      z.minLength(1, empty),
    );

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, 'Choose what went wrong.'),
  description: text('Describe what happened.'),
});

export const reportMessageSchema = z.object({ body: text('Type a message first.') });

export const closeReportSchema = z.object({
  outcome: z.enum(REPORT_OUTCOMES, 'Choose an outcome: resolved, warning or suspension.'),
  /** Whose account a warning or suspension is for; none for resolved. */
  party: z.optional(z.enum(['customer', 'professional'], REPORT_MESSAGES.partyNeeded)),
  note: text('Write a note both parties will read.'),
});

export interface ReportPhoto {
  thumb: string;
  large: string;
}

export interface ReportThreadMessage {
  id: number;
  /** 'admin' for an administrator ("ServiceConnect"). */
  by: PartyRole | 'admin';
  name: string;
  body: string;
  createdAt: string;
}

/** A report as both parties of its booking see it (on the booking's card). */
export interface ReportView {
  id: number;
  bookingId: number;
  by: PartyRole;
  reason: ReportReason;
  description: string;
  status: 'open' | 'closed';
  outcome: ReportOutcome | null;
  outcomeParty: PartyRole | null;
  closingNote: string | null;
  closedAt: string | null;
  createdAt: string;
  photos: ReportPhoto[];
  messages: ReportThreadMessage[];
}

/**
 * What a booking's card shows of items 3–5, for the reader: the question "Was the job done?", until
 * when a problem may be reported, the reports (ids and state), and, to the professional, the
 * customer's late cancellations in the last 90 days.
 */
export interface BookingTrust {
  /** awaiting: ask the customer; yes/problem: answered; counted: 72 hours passed unanswered. Null before completion. */
  done: { state: 'awaiting' | 'yes' | 'problem' | 'counted'; until: string } | null;
  /** The last instant a problem may be reported by the reader, or null when they cannot (not started, not confirmed, answered yes). */
  reportableUntil: string | null;
  /** From the job's start: a problem may be reported from then. */
  reportableFrom: string | null;
  /** Whether the reader may report a problem now, on the server's clock (inside the window, no open report of theirs). */
  canReport: boolean;
  /** `messages` and `photos` count the thread and photos, so a card knows when to read the report again. */
  reports: {
    id: number;
    by: PartyRole;
    reason: ReportReason;
    status: 'open' | 'closed';
    outcome: ReportOutcome | null;
    outcomeParty: PartyRole | null;
    messages: number;
    photos: number;
  }[];
  /** Only in the professional's view: the customer's late cancellations in the last 90 days. */
  customerLateCancellations: number | null;
  /** How the booking was cancelled, when it was (and was confirmed). */
  cancellation: CancellationKind | null;
  /** What cancelling this confirmed booking now would count as, for the reader (null: not confirmed). */
  cancelNow: CancellationKind | null;
  /** The job was ended as the professional's no-show by an upheld "did not come" report (`upholdsNoShow`). */
  noShowFound: boolean;
}

/** What a closed report decides, as its row says it. */
export interface ReportVerdict {
  by: PartyRole;
  reason: ReportReason;
  outcome: ReportOutcome | null;
  outcomeParty: PartyRole | null;
}

/**
 * A customer's "did not come" upheld against the professional (a warning or a suspension for him):
 * the only outcome that acts on the job, ending it as his no-show (docs/PRODUCT.md "Problem
 * reports"). An open report, "resolved", or an outcome for the customer leaves the job as it was.
 */
export const upholdsNoShow = (r: ReportVerdict): boolean =>
  r.by === 'customer' &&
  r.reason === 'not_attended' &&
  (r.outcome === 'warning' || r.outcome === 'suspension') &&
  r.outcomeParty === 'professional';

/** What a closed report's outcome did to the job, in the words of the party reading it. */
export const outcomeEffectWords = (r: ReportVerdict, reader: PartyRole): string =>
  upholdsNoShow(r)
    ? reader === 'professional'
      ? 'The job ended as your no-show: it counts as a job not kept on your public page.'
      : "The job ended as the professional's no-show: it counts as a job not kept on their public page."
    : 'The job itself stays as it was.';

/** What an outcome does (or did) to the job, for the administrator closing the report. */
export const verdictWords = (r: Pick<ReportVerdict, 'by' | 'reason'> & Partial<ReportVerdict>): string =>
  upholdsNoShow({ outcome: null, outcomeParty: null, ...r })
    ? 'The job ends as the professional\'s no-show: it is cancelled and counts against "Kept N of M jobs".'
    : 'The job stays as it is.';

/** A professional's last 90 days: jobs they were committed to, and how many they kept. */
export interface Reliability {
  jobs: number;
  kept: number;
}

/** The figures in plain words, the same on the card and the public page. */
export const reliabilityWords = ({ jobs, kept }: Reliability): string =>
  jobs === 0 ? 'No jobs in the last 90 days' : `Kept ${kept} of ${countOf(jobs, 'job')} in the last 90 days`;

/** What a professional reads on a request about the customer. */
export const lateCancellationWords = (n: number): string =>
  n === 0
    ? 'No late cancellations in the last 90 days'
    : `Cancelled late ${n} ${n === 1 ? 'time' : 'times'} in the last 90 days`;

export const CANCELLATION_WORDS: Record<CancellationKind, string> = {
  early: 'Cancelled more than 24 hours before the start.',
  late: 'Cancelled less than 24 hours before the start: a late cancellation.',
  no_show: 'Cancelled by the professional after the start time: a no-show.',
};

/** GET /api/admin/reports: one row of the queue. */
export interface AdminReportItem {
  id: number;
  bookingId: number;
  by: PartyRole;
  reporterName: string;
  otherName: string;
  reason: ReportReason;
  status: 'open' | 'closed';
  outcome: ReportOutcome | null;
  createdAt: string;
  jobStart: string;
}

export interface AdminReportParty {
  id: number;
  name: string;
  role: PartyRole;
  status: string;
  /** Bookings as this role, and how they ended. */
  history: { bookings: number; completed: number; cancelled: number; reportsAgainst: number; reportsMade: number };
  /** The professional's figures in words; for the customer, their late cancellations. */
  reliability: string;
}

export interface AdminReportDetail extends AdminReportItem {
  report: ReportView;
  booking: { date: string; time: string; service: string; status: string; totalAmount: number; description: string };
  customer: AdminReportParty;
  professional: AdminReportParty;
  chat: { id: number; by: string; body: string; createdAt: string }[];
  /** The customer's review of the job, with the "reported" mark when it was made after a report. */
  review: { rating: number; comment: string; createdAt: string; afterReport: boolean } | null;
}

export const ADMIN_REPORTS_PAGE = 25;
export const adminReportsQuerySchema = z.object({
  status: z._default(z.optional(z.enum(['open', 'closed'], 'status must be open or closed.')), 'open'),
});

/** GET /api/bookings/{id}/reports: the reports on a booking its party may read. */
export interface ReportsAnswer {
  success: true;
  reports: ReportView[];
}

/** A report after a message or a photo was added. */
export interface ReportAnswer {
  success: true;
  report: ReportView;
}

/** POST /api/bookings/{id}/reports: the report and the booking it now holds. */
export interface ReportOpenedAnswer {
  success: true;
  message: string;
  report: ReportView;
  booking: Booking;
}

export interface AdminReportsAnswer {
  success: true;
  reports: AdminReportItem[];
}

export interface AdminReportAnswer {
  success: true;
  report: AdminReportDetail;
}

/** An administrator's message or closing: the report as its parties now read it. */
export interface AdminReportClosedAnswer extends ReportAnswer {
  message: string;
}

/** The customer answers "Was the job done?" with yes (a problem is a report). */
export const confirmJobDone = route({
  method: 'POST',
  path: '/api/bookings/:id/done',
  caller: 'signed-in',
  answer: json<BookingAnswer>(),
  summary: 'The customer confirms a job marked completed was done.',
});

export const bookingReports = route({
  method: 'GET',
  path: '/api/bookings/:id/reports',
  caller: 'signed-in',
  answer: json<ReportsAnswer>(),
  summary: 'The problem reports on a booking its party may read.',
});

export const reportProblem = route({
  method: 'POST',
  path: '/api/bookings/:id/reports',
  body: reportSchema,
  caller: 'signed-in',
  answer: json<ReportOpenedAnswer>(),
  status: 201,
  summary: 'A party of a booking reports a problem with the job.',
});

export const sendReportMessage = route({
  method: 'POST',
  path: '/api/reports/:id/messages',
  body: reportMessageSchema,
  caller: 'signed-in',
  answer: json<ReportAnswer>(),
  status: 201,
  summary: 'A message in a report’s thread, from one of its parties.',
});

export const adminReports = route({
  method: 'GET',
  path: '/api/admin/reports',
  query: adminReportsQuerySchema,
  caller: 'admin',
  answer: json<AdminReportsAnswer>(),
  summary: 'The queue of open (or closed) problem reports.',
});

export const adminReport = route({
  method: 'GET',
  path: '/api/admin/reports/:id',
  caller: 'admin',
  answer: json<AdminReportAnswer>(),
  summary: 'One report with both parties’ histories, the chat and the review.',
});

export const sendAdminReportMessage = route({
  method: 'POST',
  path: '/api/admin/reports/:id/messages',
  body: reportMessageSchema,
  caller: 'admin',
  answer: json<ReportAnswer>(),
  status: 201,
  summary: 'An administrator’s message in a report’s thread.',
});

export const closeReport = route({
  method: 'POST',
  path: '/api/admin/reports/:id/close',
  body: closeReportSchema,
  caller: 'admin',
  answer: json<AdminReportClosedAnswer>(),
  summary: 'An administrator closes a report with an outcome both parties read.',
});
