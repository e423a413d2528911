import { professionalReliability } from '../bookings/index.ts';
import {
  ANALYTICS_MESSAGES,
  ANALYTICS_TOP_CATEGORIES,
  lastMonths,
  type Analytics,
  type CustomerAnalytics,
  type ProfessionalAnalytics,
} from '../../../../contract/analytics.ts';
import { toCedis } from '../../../../contract/money.ts';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { toCount, type Db } from '../../db.ts';
import type { Count } from '../../db-tables.ts';
import { forbidden } from '../../http/errors.ts';
import { parseMonth } from '../../../../contract/dates.ts';

/** Rows keyed by month ("2026-11") onto the window's months, zero where a month has none. */
function byMonth<R extends { month: string }, T>(
  months: string[],
  rows: R[],
  pick: (row: R) => T,
  zero: T,
): { month: string; value: T }[] {
  const found = new Map(rows.map((r) => [r.month, pick(r)]));
  return months.map((month) => ({ month, value: found.get(month) ?? zero }));
}

/**
 * A customer's figures: requests made per month (by the day they were made), completed and
 * cancelled bookings, money spent on completed ones, and the categories booked most. Each query
 * is one aggregate over the customer's own bookings (index on customer_id), bounded by the window.
 */
async function customerAnalytics(db: Db, userId: number, now: Date): Promise<CustomerAnalytics> {
  const months = lastMonths(now);
  const from = parseMonth(months[0]);
  const [perMonth, [totals], top] = await Promise.all([
    db('bookings')
      .where({ customer_id: userId })
      .where('created_at', '>=', from)
      .groupByRaw("to_char(created_at at time zone 'UTC', 'YYYY-MM')")
      .select<{ month: string; n: Count }[]>(
        db.raw("to_char(created_at at time zone 'UTC', 'YYYY-MM') as month"),
        db.raw('count(*) as n'),
      ),
    db('bookings')
      .where({ customer_id: userId })
      .select<{ completed: Count; cancelled: Count; spent: Count }[]>(
        db.raw("count(*) filter (where status = 'completed') as completed"),
        db.raw("count(*) filter (where status = 'cancelled') as cancelled"),
        db.raw("coalesce(sum(total_pesewas) filter (where status = 'completed'), 0) as spent"),
      ),
    db('bookings as b')
      .join('professional_profiles as p', 'p.user_id', 'b.professional_id')
      .where('b.customer_id', userId)
      .whereNot('b.status', 'cancelled')
      .groupBy('p.profession')
      .select('p.profession', db.raw('count(*) as n'))
      .orderBy([
        { column: 'n', order: 'desc' },
        { column: 'p.profession', order: 'asc' },
      ])
      .limit(ANALYTICS_TOP_CATEGORIES),
  ]);
  return {
    role: 'customer',
    months: byMonth(months, perMonth, (r) => toCount(r.n), 0).map(({ month, value }) => ({ month, bookings: value })),
    completed: toCount(totals.completed),
    cancelled: toCount(totals.cancelled),
    totalSpent: toCedis(totals.spent),
    topCategories: top.map((t) => ({ category: t.profession as string, bookings: toCount(t.n) })),
  };
}

/**
 * A professional's figures: completed jobs and their earnings per month (by the job's date, as the
 * Earnings tab counts them), the share of answered requests accepted (and those left to expire),
 * the jobs kept in the last 90 days, and the verified rating.
 */
async function professionalAnalytics(db: Db, userId: number, now: Date): Promise<ProfessionalAnalytics> {
  const months = lastMonths(now);
  const [perMonth, [answers], [ratings], reliability] = await Promise.all([
    db('bookings')
      .where({ professional_id: userId, status: 'completed' })
      .where('date', '>=', `${months[0]}-01`)
      .groupByRaw("to_char(date, 'YYYY-MM')")
      .select<{ month: string; jobs: Count; earned: Count }[]>(
        db.raw("to_char(date, 'YYYY-MM') as month"),
        db.raw('count(*) as jobs'),
        db.raw('sum(total_pesewas) as earned'),
      ),
    db('bookings').where({ professional_id: userId }).select<{ answered: Count; accepted: Count; expired: Count }[]>(
      db.raw('count(*) filter (where responded_at is not null) as answered'),
      // A declined request is the only answered one the professional cancelled.
      db.raw(
        "count(*) filter (where responded_at is not null and not (status = 'cancelled' and cancelled_by = 'professional')) as accepted",
      ),
      // Declined by the system at its deadline (bookings/expiry.ts): never answered.
      db.raw("count(*) filter (where cancelled_by = 'system') as expired"),
    ),
    db('reviews')
      .where({ professional_id: userId })
      .select<{ rating: string | number | null; reviews: Count }[]>(
        db.raw('avg(rating) as rating'),
        db.raw('count(*) as reviews'),
      ),
    // The figure his public page shows (docs/PRODUCT.md "Cancellations that count"), from the same function.
    professionalReliability(db, [userId], now),
  ]);
  const answered = toCount(answers.answered);
  const accepted = toCount(answers.accepted);
  return {
    role: 'professional',
    months: byMonth(months, perMonth, (r) => ({ jobs: toCount(r.jobs), earnings: toCedis(r.earned) }), {
      jobs: 0,
      earnings: 0,
    }).map(({ month, value }) => ({
      month,
      ...value,
    })),
    answered,
    accepted,
    expired: toCount(answers.expired),
    kept: reliability.get(userId) ?? { jobs: 0, kept: 0 },
    acceptanceRate: answered ? Math.round((accepted / answered) * 100) : null,
    rating: ratings.rating === null ? null : Math.round(Number(ratings.rating) * 10) / 10,
    reviews: toCount(ratings.reviews),
  };
}

export async function analyticsFor(db: Db, user: SessionUser, now: Date): Promise<Analytics> {
  if (user.userType === 'customer') return customerAnalytics(db, user.id, now);
  if (user.userType === 'professional') return professionalAnalytics(db, user.id, now);
  throw forbidden(ANALYTICS_MESSAGES.notForAffiliates);
}
