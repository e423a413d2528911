/**
 * GET /api/me/analytics (the general dashboard's Analytics tab): figures about the signed-in
 * customer's or professional's own bookings, computed on the server from real data, for the last
 * ANALYTICS_MONTHS calendar months in Ghana time (GMT). Affiliates have no analytics (403).
 * The rules behind each figure: docs/PRODUCT.md "Analytics (general dashboard)".
 */
import { monthOf, monthStart } from './dates.ts';
import { json, route } from './route.ts';
import type { Reliability } from './reports.ts';

/** "4 of 5 answered requests accepted; 1 expired unanswered": the acceptance rate as what it is. */
export function acceptanceWords(a: { answered: number; accepted: number; expired: number }): string {
  const answered = a.answered
    ? `${a.accepted} of ${a.answered} answered ${a.answered === 1 ? 'request' : 'requests'} accepted`
    : 'No requests answered yet';
  return a.expired ? `${answered}; ${a.expired} expired unanswered` : answered;
}

export const ANALYTICS_MONTHS = 6;
export const ANALYTICS_TOP_CATEGORIES = 3;

export const ANALYTICS_MESSAGES = {
  notForAffiliates: 'Analytics are for customer and professional accounts. Your earnings are on the Earnings tab.',
} as const;

export interface CustomerAnalytics {
  role: 'customer';
  /** Oldest first, one entry per month ("2026-11"), months without bookings included. */
  months: { month: string; bookings: number }[];
  completed: number;
  cancelled: number;
  /** Cedis, completed bookings only. */
  totalSpent: number;
  /** Most booked first (ties by name), at most ANALYTICS_TOP_CATEGORIES. */
  topCategories: { category: string; bookings: number }[];
}

export interface ProfessionalAnalytics {
  role: 'professional';
  /** Oldest first; completed jobs by the job's date, and what they earned (cedis). */
  months: { month: string; jobs: number; earnings: number }[];
  /** Requests answered (accepted or declined). */
  answered: number;
  accepted: number;
  /** Requests left to expire unanswered (declined by the system at their deadline). */
  expired: number;
  /** The last 90 days' jobs and those kept, as the public page says them (`reliabilityWords`). */
  kept: Reliability;
  /** Whole percent of answered requests accepted; null before any answer. */
  acceptanceRate: number | null;
  /** Average of verified reviews to one decimal; null without reviews. */
  rating: number | null;
  reviews: number;
}

export type Analytics = CustomerAnalytics | ProfessionalAnalytics;

export interface AnalyticsAnswer {
  success: true;
  analytics: Analytics;
}

/** The ANALYTICS_MONTHS months ending with `now`'s month (Ghana time = UTC), oldest first. */
export function lastMonths(now: Date, count = ANALYTICS_MONTHS): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    months.push(monthOf(monthStart(now, back)));
  }
  return months;
}

/** The signed-in customer's or professional's own figures (none for affiliates). */
export const getMyAnalytics = route({
  method: 'GET',
  path: '/api/me/analytics',
  caller: 'signed-in',
  answer: json<AnalyticsAnswer>(),
  summary: "The signed-in customer's or professional's own figures, month by month.",
});
