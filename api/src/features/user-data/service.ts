import type { SessionUser } from '../../../../contract/account-types.ts';
import { toCedis } from '../../../../contract/money.ts';
import { dayOf, daysLeft, monthOf, monthStart } from '../../../../contract/dates.ts';
import {
  subscriptionState,
  type SubscriptionSummary,
  type SubscriptionWindows,
} from '../../../../contract/subscriptions.ts';
import type { Knex } from 'knex';
import type { AffiliateRecord, CustomerRecord, ProfessionalRecord } from '../../../../contract/user-data.ts';
import { jsonColumn, prepared, type Db } from '../../db.ts';
import type { AffiliateCommissionRow, Count, Int8, ReferralRow, UserRow } from '../../db-tables.ts';
import { findBookings } from '../bookings/index.ts';
import { avatarUrl } from '../photos/index.ts';
import { findListings } from '../professionals/index.ts';
import { toCard } from '../../../../contract/professionals.ts';
import { listPayouts, pendingBalance } from '../affiliates/index.ts';
import { windowsOf } from '../settings/index.ts';
import { autoRenewalFrom } from '../subscriptions/index.ts';

const RECENT_BOOKINGS = 3;

/**
 * A record read, the users whose changes change it, whether a request it counts is past its
 * deadline (settle it and read again), and when its figures change by themselves.
 */
export interface Found<T> {
  record: T;
  shows: number[];
  overdue: boolean;
  changesAt: number;
}

export function summary(
  planType: string,
  paidUntil: Date,
  now: Date,
  windows: SubscriptionWindows,
): SubscriptionSummary {
  return {
    planType,
    paidUntil: paidUntil.toISOString(),
    state: subscriptionState(paidUntil, now, windows),
    daysLeft: daysLeft(paidUntil, now),
  };
}

/** What the account statement reads: the user's own columns, then what it gathers around them. */
type AccountRow = Pick<UserRow, 'location' | 'local_address' | 'description' | 'created_at' | 'avatar_hash'> & {
  plan_type: string | null;
  period_end: Date | null;
  reminder_days: number | null;
  grace_period_days: number | null;
  card_type: string | null;
  last4: string | null;
  auto_renew: boolean | null;
  signed_in_before: boolean;
  next_deadline: Date | null;
  proposal_overdue: boolean;
};

/** A column of a record's own figures, computed from the user `u`. */
interface Figure {
  sql: string;
  bindings?: Knex.Value[];
}

/** The bookings `b` that `u` is a party to. */
const PARTY = '(b.customer_id = u.id or b.professional_id = u.id)';

/**
 * The account part every dashboard starts from, in one prepared statement with the record's own
 * figures (`figures`, columns computed from `u`): each statement a read sends costs a round trip
 * and the knex work around it, far more than running it (docs/BENCHMARKS.md). It reads
 * the user's row, the latest subscription, the settings' reminder and grace windows, the saved
 * card, whether the account signed in before (a second session, ever: "Welcome back", docs/PRODUCT.md
 * "Welcome"), and the answer deadlines of the requests and time proposals the person is party to.
 */
async function account<Figures extends object>(db: Db, user: SessionUser, now: Date, figures: Figure[] = []) {
  const { rows } = await prepared(
    db.raw(
      `select u.location, u.local_address, u.description, u.created_at, u.avatar_hash, s.plan_type, s.period_end,
        ps.reminder_days, ps.grace_period_days, ca.card_type, ca.last4, ca.auto_renew,
        exists (select 1 from sessions x where x.user_id = u.id order by x.id offset 1) as signed_in_before,
        (select min(b.answer_by) from bookings b where b.status = 'pending' and ${PARTY}) as next_deadline,
        exists (select 1 from booking_proposals bp join bookings b on b.id = bp.booking_id
          where bp.status = 'open' and bp.expires_at <= ? and ${PARTY}) as proposal_overdue
        ${figures.map((f) => `, ${f.sql}`).join('')}
      from users u
      left join lateral (select plan_type, period_end from subscriptions
        where user_id = u.id order by period_end desc limit 1) s on true
      left join platform_settings ps on ps.id = 1
      left join card_authorizations ca on ca.user_id = u.id
      where u.id = ?`,
      [now, ...figures.flatMap((f) => f.bindings ?? []), user.id],
    ),
  );
  const row = rows[0] as AccountRow & Figures;
  const nextDeadline = row.next_deadline ? new Date(row.next_deadline).getTime() : Infinity;
  return {
    row,
    /** A request or proposal is past its deadline: settle it (bookings/expiry.ts) and read again. */
    overdue: nextDeadline <= now.getTime() || row.proposal_overdue,
    /** When a request it counts as waiting reaches its deadline, and the record changes by itself. */
    changesAt: nextDeadline,
    base: {
      id: user.id,
      name: `${user.firstName} ${user.lastName}`,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      location: row.location,
      localAddress: row.local_address,
      description: row.description,
      joinDate: dayOf(row.created_at),
      /** The profile photo's thumbnail, or null (the dashboards show initials). */
      avatar: avatarUrl(row.avatar_hash),
      /** True until the account signs in a second time: the dashboards say "Welcome", not "Welcome back". */
      firstVisit: !row.signed_in_before,
      status: user.status,
      subscription:
        row.plan_type && row.period_end
          ? {
              ...summary(row.plan_type, new Date(row.period_end), now, windowsOf(row)),
              autoRenewal: autoRenewalFrom(row),
            }
          : null,
    },
  };
}

/** A customer's figures: bookings, completed ones and what they spent, and their favourites, newest first. */
const CUSTOMER_FIGURES: Figure[] = [
  { sql: '(select count(*) from bookings b where b.customer_id = u.id) as total' },
  { sql: "(select count(*) from bookings b where b.customer_id = u.id and b.status = 'completed') as completed" },
  {
    sql: "(select coalesce(sum(b.total_pesewas), 0) from bookings b where b.customer_id = u.id and b.status = 'completed') as spent",
  },
  {
    sql: "(select coalesce(array_agg(f.professional_id order by f.created_at desc), '{}') from favourites f where f.customer_id = u.id) as favourite_ids",
  },
];

/**
 * The customer's record (docs/PRODUCT.md "Dashboards"), from real bookings and favourites, and the users whose changes
 * change it: the customer, every favourite (listed or not: one that is not may become listed) and
 * the professionals of the bookings shown.
 */
export async function customerRecord(db: Db, user: SessionUser, now: Date): Promise<Found<CustomerRecord>> {
  const [{ base, overdue, changesAt, row }, recentBookings] = await Promise.all([
    account<{ total: Count; completed: Count; spent: Count; favourite_ids: Int8[] }>(db, user, now, CUSTOMER_FIGURES),
    findBookings(db, user.id, { limit: RECENT_BOOKINGS }),
  ]);
  const favouriteIds = row.favourite_ids.map(Number);
  const favourites = await findListings(db, favouriteIds, now);
  const shows = [user.id, ...favouriteIds, ...recentBookings.map((booking) => booking.professionalId)];
  const record: CustomerRecord = {
    ...base,
    preferredLocation: base.location,
    totalBookings: Number(row.total),
    completedJobs: Number(row.completed),
    totalSpent: toCedis(row.spent),
    favoriteServices: favourites.map(toCard),
    recentBookings,
    verified: true,
  };
  return { record, shows, overdue, changesAt };
}

const COMPLETED_JOBS = "from bookings b where b.professional_id = u.id and b.status = 'completed'";
/** A professional's figures (this month's earnings aside, which binds the month): jobs, earnings, rating. */
const PROFESSIONAL_FIGURES: Figure[] = [
  { sql: "(select count(*) from bookings b where b.professional_id = u.id and b.status <> 'cancelled') as total_jobs" },
  { sql: "(select count(*) from bookings b where b.professional_id = u.id and b.status = 'pending') as pending" },
  { sql: `(select count(*) ${COMPLETED_JOBS}) as completed` },
  { sql: `(select coalesce(sum(b.total_pesewas), 0) ${COMPLETED_JOBS}) as earned` },
  { sql: '(select avg(r.rating) from reviews r where r.professional_id = u.id) as rating' },
  { sql: '(select count(*) from reviews r where r.professional_id = u.id) as reviews' },
];

/** The professional's record (docs/PRODUCT.md "Dashboards"): earnings from completed bookings, rating from verified reviews. */
export async function professionalRecord(db: Db, user: SessionUser, now: Date): Promise<Found<ProfessionalRecord>> {
  const [{ base, overdue, changesAt, row: totals }, p, byMonth] = await Promise.all([
    account<{
      total_jobs: Count;
      pending: Count;
      completed: Count;
      earned: Count;
      month_earned: Count;
      rating: string | number | null;
      reviews: Count;
    }>(db, user, now, [
      ...PROFESSIONAL_FIGURES,
      {
        sql: `(select coalesce(sum(b.total_pesewas), 0) ${COMPLETED_JOBS} and b.date >= ?) as month_earned`,
        bindings: [`${monthOf(now)}-01`],
      },
    ]),
    // Every professional account has its profile (created with it at sign-up).
    prepared(db('professional_profiles')).where({ user_id: user.id }).first(),
    prepared(db('bookings'))
      .where({ professional_id: user.id, status: 'completed' })
      .select<{ month: string; amount: Count; jobs: Count }[]>(
        db.raw("to_char(date, 'YYYY-MM') as month"),
        db.raw('sum(total_pesewas) as amount'),
        db.raw('count(*) as jobs'),
      )
      .groupByRaw("to_char(date, 'YYYY-MM')")
      .orderBy('month', 'desc')
      .limit(12),
  ]);
  const record: ProfessionalRecord = {
    ...base,
    profession: p!.profession,
    verified: p!.verified,
    baseRate: toCedis(p!.base_rate_pesewas),
    maxRate: toCedis(p!.max_rate_pesewas),
    rateNegotiable: p!.rate_negotiable,
    // No description: an empty bio, which the profile form shows empty rather than prefilled with made-up words.
    bio: base.description ?? '',
    experience: p!.experience,
    skills: jsonColumn<string[]>(p!.skills),
    availability: jsonColumn<ProfessionalRecord['availability']>(p!.availability),
    totalJobs: Number(totals.total_jobs),
    pendingJobs: Number(totals.pending),
    completedJobs: Number(totals.completed),
    totalEarnings: toCedis(totals.earned),
    monthlyEarnings: toCedis(totals.month_earned),
    earningsByMonth: byMonth.map((m) => ({ month: m.month, amount: toCedis(m.amount), jobs: Number(m.jobs) })),
    rating: totals.rating === null ? null : Math.round(Number(totals.rating) * 10) / 10,
    reviews: Number(totals.reviews),
  };
  return { record, shows: [user.id], overdue, changesAt };
}

const RECENT_REFERRALS = 5;

/** A referral with the referred person's name and type, and the commission once they paid (null before). */
type ReferralListRow = Pick<ReferralRow, 'id' | 'created_at'> &
  Pick<UserRow, 'first_name' | 'last_name' | 'user_type'> & {
    amount_pesewas: AffiliateCommissionRow['amount_pesewas'] | null;
  };

/**
 * The affiliate's record (docs/PRODUCT.md "Affiliates, commission and payouts") from the ledger: earnings are credited commissions, the pending
 * payout is what the ledger leaves after payouts not failed, and the conversion rate is referred
 * sign-ups that paid ÷ referred sign-ups (measured, never a fixed figure).
 */
export async function affiliateRecord(db: Db, user: SessionUser, now: Date): Promise<AffiliateRecord> {
  const { base } = await account(db, user, now);
  // Every affiliate account has its profile (created with it at sign-up).
  const a = (await db('affiliate_profiles').where({ user_id: user.id }).first())!;
  const referrals: ReferralListRow[] = await db('referrals as r')
    .join('users as u', 'u.id', 'r.referred_user_id')
    .leftJoin('affiliate_commissions as c', 'c.referred_user_id', 'r.referred_user_id')
    .where('r.affiliate_user_id', user.id)
    .orderBy('r.created_at', 'desc')
    .select('r.id', 'r.created_at', 'u.first_name', 'u.last_name', 'u.user_type', 'c.amount_pesewas');
  const [{ earned, month_earned }] = await db('affiliate_commissions')
    .where({ affiliate_user_id: user.id })
    .select<{ earned: Count; month_earned: Count }[]>(
      db.raw('coalesce(sum(amount_pesewas), 0) as earned'),
      // This calendar month in Ghana time (GMT): the "This month" card (docs/PRODUCT.md "Affiliate earnings").
      db.raw('coalesce(sum(amount_pesewas) filter (where created_at >= ?), 0) as month_earned', [monthStart(now)]),
    );
  const paid = referrals.filter((r) => r.amount_pesewas !== null).length;
  return {
    ...base,
    referrerCode: a.referrer_code,
    payoutMethod: a.payout_method as AffiliateRecord['payoutMethod'],
    payoutDetails: a.payout_method === 'mobile-money' ? a.momo_number : a.bank_account,
    totalReferrals: referrals.length,
    paidReferrals: paid,
    conversionRate: referrals.length ? Math.round((paid / referrals.length) * 100) : null,
    totalEarnings: toCedis(earned),
    monthEarnings: toCedis(month_earned),
    pendingPayout: toCedis(await pendingBalance(db, user.id)),
    recentReferrals: referrals.slice(0, RECENT_REFERRALS).map((r) => ({
      id: Number(r.id),
      // First name and initial only: the affiliate does not need the referred person's full name.
      name: `${r.first_name} ${String(r.last_name).charAt(0)}.`,
      // Only customers and professionals sign up through a referral.
      type: r.user_type as 'customer' | 'professional',
      signupDate: dayOf(r.created_at),
      commission: toCedis(r.amount_pesewas),
      status: r.amount_pesewas === null ? 'pending' : 'confirmed',
    })),
    payouts: await listPayouts(db, user.id),
  };
}
