import * as z from 'zod/mini';
import { REPORT_OUTCOMES, REPORT_REASONS } from '../../../../contract/reports.ts';
import { bookingSchema } from '../bookings/index.ts';

/** The answers of the reports' routes, for the OpenAPI document: each matches its declared type. */

const party = z.enum(['customer', 'professional']);

export const reportView = z.object({
  id: z.number(),
  bookingId: z.number(),
  by: party,
  reason: z.enum(REPORT_REASONS),
  description: z.string(),
  status: z.enum(['open', 'closed']),
  outcome: z.nullable(z.enum(REPORT_OUTCOMES)),
  outcomeParty: z.nullable(party),
  closingNote: z.nullable(z.string()),
  closedAt: z.nullable(z.string()),
  createdAt: z.string(),
  photos: z.array(z.object({ thumb: z.string(), large: z.string() })),
  messages: z.array(
    z.object({
      id: z.number(),
      by: z.enum(['customer', 'professional', 'admin']),
      name: z.string(),
      body: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export const reportsAnswer = z.object({ success: z.literal(true), reports: z.array(reportView) });
export const reportAnswer = z.object({ success: z.literal(true), report: reportView });
export const reportOpenedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  report: reportView,
  booking: bookingSchema,
});

const adminReportItem = {
  id: z.number(),
  bookingId: z.number(),
  by: party,
  reporterName: z.string(),
  otherName: z.string(),
  reason: z.enum(REPORT_REASONS),
  status: z.enum(['open', 'closed']),
  outcome: z.nullable(z.enum(REPORT_OUTCOMES)),
  createdAt: z.string(),
  jobStart: z.string(),
};

const adminReportParty = z.object({
  id: z.number(),
  name: z.string(),
  role: party,
  status: z.string(),
  history: z.object({
    bookings: z.number(),
    completed: z.number(),
    cancelled: z.number(),
    reportsAgainst: z.number(),
    reportsMade: z.number(),
  }),
  reliability: z.string(),
});

export const adminReportsAnswer = z.object({ success: z.literal(true), reports: z.array(z.object(adminReportItem)) });

export const adminReportAnswer = z.object({
  success: z.literal(true),
  report: z.object({
    ...adminReportItem,
    report: reportView,
    booking: z.object({
      date: z.string(),
      time: z.string(),
      service: z.string(),
      status: z.string(),
      totalAmount: z.number(),
      description: z.string(),
    }),
    customer: adminReportParty,
    professional: adminReportParty,
    chat: z.array(z.object({ id: z.number(), by: z.string(), body: z.string(), createdAt: z.string() })),
    review: z.nullable(
      z.object({ rating: z.number(), comment: z.string(), createdAt: z.string(), afterReport: z.boolean() }),
    ),
  }),
});

export const adminReportClosedAnswer = z.object({ success: z.literal(true), message: z.string(), report: reportView });
