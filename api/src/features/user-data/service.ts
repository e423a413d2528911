import type { SessionUser } from '../../../../contract/account-types.ts';
import { daysLeft, monthOf, monthStart } from '../../../../contract/dates.ts';
import {
  subscriptionState,
  type SubscriptionSummary,
  type SubscriptionWindows,
} from '../../../../contract/subscriptions.ts';
import { jsonColumn, type Db } from '../../db.ts';
import type { AffiliateCommissionRow, Count, ReferralRow, UserRow } from '../../db-tables.ts';
import { findBookings } from '../bookings/service.ts';
import { avatarUrl } from '../photos/repo.ts';
import { findListings } from '../professionals/repo.ts';
import { listPayouts, pendingBalance } from '../affiliates/payouts.ts';
import { getSettings } from '../settings/settings.ts';
import { autoRenewalOf } from '../subscriptions/auto-renewal.ts';

const cedis = (pesewas: unknown) => Number(pesewas ?? 0) / 100;
const RECENT_BOOKINGS = 3;

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

/** The account part every dashboard starts from. */
async function account(db: Db, user: SessionUser, now: Date) {
  const [row, subscription, settings, autoRenewal, earlierSignIn] = await Promise.all([
    db('users').where({ id: user.id }).first(),
    db('subscriptions').where({ user_id: user.id }).orderBy('period_end', 'desc').first(),
    getSettings(db),
    autoRenewalOf(db, user.id),
    // A second sign-in session, ever: the account has been here before (docs/PRODUCT.md "Welcome").
    db('sessions').where({ user_id: user.id }).orderBy('id').limit(1).offset(1).select('id'),
  ]);
  // The signed-in user's own row: a live session means it exists.
  const own = row!;
  return {
    row: own,
    base: {
      id: user.id,
      name: `${user.firstName} ${user.lastName}`,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      location: own.location,
      localAddress: own.local_address,
      description: own.description,
      joinDate: new Date(own.created_at).toISOString().slice(0, 10),
      /** The profile photo's thumbnail, or null (the dashboards show initials). */
      avatar: avatarUrl(own.avatar_hash),
      /** True until the account signs in a second time: the dashboards say "Welcome", not "Welcome back". */
      firstVisit: earlierSignIn.length === 0,
      status: user.status,
      subscription: subscription
        ? { ...summary(subscription.plan_type, new Date(subscription.period_end), now, settings), autoRenewal }
        : null,
    },
  };
}

/**
 * The customer's record (docs/PRODUCT.md "Dashboards"), from real bookings and favourites, and the users whose changes
 * change it: the customer, every favourite (listed or not: one that is not may become listed) and
 * the professionals of the bookings shown.
 */
export async function customerRecord(db: Db, user: SessionUser, now: Date) {
  const [{ base }, [totals], favouriteIds, recentBookings] = await Promise.all([
    account(db, user, now),
    db('bookings')
      .where({ customer_id: user.id })
      .select<{ total: Count; completed: Count; spent: Count }[]>(
        db.raw('count(*) as total'),
        db.raw("count(*) filter (where status = 'completed') as completed"),
        db.raw("coalesce(sum(total_pesewas) filter (where status = 'completed'), 0) as spent"),
      ),
    db('favourites').where({ customer_id: user.id }).orderBy('created_at', 'desc').pluck('professional_id'),
    findBookings(db, user.id, { limit: RECENT_BOOKINGS }),
  ]);
  const favourites = await findListings(db, favouriteIds.map(Number), now);
  const shows = [user.id, ...favouriteIds.map(Number), ...recentBookings.map((booking) => booking.professionalId)];
  const record = {
    ...base,
    preferredLocation: base.location,
    totalBookings: Number(totals.total),
    completedJobs: Number(totals.completed),
    totalSpent: cedis(totals.spent),
    favoriteServices: favourites,
    recentBookings,
    verified: true,
  };
  return { record, shows };
}

/** The professional's record (docs/PRODUCT.md "Dashboards"): earnings from completed bookings, rating from verified reviews. */
export async function professionalRecord(db: Db, user: SessionUser, now: Date) {
  const { base } = await account(db, user, now);
  // Every professional account has its profile (created with it at sign-up).
  const p = (await db('professional_profiles').where({ user_id: user.id }).first())!;
  const thisMonth = `${monthOf(now)}-01`;
  const [totals] = await db('bookings')
    .where({ professional_id: user.id })
    .select<{ total_jobs: Count; pending: Count; completed: Count; earned: Count; month_earned: Count }[]>(
      db.raw("count(*) filter (where status <> 'cancelled') as total_jobs"),
      db.raw("count(*) filter (where status = 'pending') as pending"),
      db.raw("count(*) filter (where status = 'completed') as completed"),
      db.raw("coalesce(sum(total_pesewas) filter (where status = 'completed'), 0) as earned"),
      db.raw("coalesce(sum(total_pesewas) filter (where status = 'completed' and date >= ?), 0) as month_earned", [
        thisMonth,
      ]),
    );
  const byMonth = await db('bookings')
    .where({ professional_id: user.id, status: 'completed' })
    .select<{ month: string; amount: Count; jobs: Count }[]>(
      db.raw("to_char(date, 'YYYY-MM') as month"),
      db.raw('sum(total_pesewas) as amount'),
      db.raw('count(*) as jobs'),
    )
    .groupByRaw("to_char(date, 'YYYY-MM')")
    .orderBy('month', 'desc')
    .limit(12);
  const [ratings] = await db('reviews')
    .where({ professional_id: user.id })
    .select<{ rating: string | number | null; reviews: Count }[]>(
      db.raw('avg(rating) as rating'),
      db.raw('count(*) as reviews'),
    );
  return {
    ...base,
    profession: p.profession,
    verified: p.verified,
    baseRate: cedis(p.base_rate_pesewas),
    maxRate: cedis(p.max_rate_pesewas),
    rateNegotiable: p.rate_negotiable,
    bio: base.description || 'Professional service provider',
    experience: p.experience,
    skills: jsonColumn<string[]>(p.skills),
    availability: jsonColumn<{ days: string[]; start: string; end: string }>(p.availability),
    totalJobs: Number(totals.total_jobs),
    pendingJobs: Number(totals.pending),
    completedJobs: Number(totals.completed),
    totalEarnings: cedis(totals.earned),
    monthlyEarnings: cedis(totals.month_earned),
    earningsByMonth: byMonth.map((m) => ({ month: m.month, amount: cedis(m.amount), jobs: Number(m.jobs) })),
    rating: ratings.rating === null ? null : Math.round(Number(ratings.rating) * 10) / 10,
    reviews: Number(ratings.reviews),
  };
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
 * sign-ups that paid ÷ referred sign-ups (not the spec's fixed 78%).
 */
export async function affiliateRecord(db: Db, user: SessionUser, now: Date) {
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
    payoutMethod: a.payout_method as string,
    payoutDetails: a.payout_method === 'mobile-money' ? a.momo_number : a.bank_account,
    totalReferrals: referrals.length,
    paidReferrals: paid,
    conversionRate: referrals.length ? Math.round((paid / referrals.length) * 100) : null,
    totalEarnings: cedis(earned),
    monthEarnings: cedis(month_earned),
    pendingPayout: cedis(await pendingBalance(db, user.id)),
    recentReferrals: referrals.slice(0, RECENT_REFERRALS).map((r) => ({
      id: Number(r.id),
      // First name and initial only: the affiliate does not need the referred person's full name.
      name: `${r.first_name} ${String(r.last_name).charAt(0)}.`,
      type: r.user_type,
      signupDate: new Date(r.created_at).toISOString().slice(0, 10),
      commission: r.amount_pesewas === null ? 0 : cedis(r.amount_pesewas),
      status: r.amount_pesewas === null ? 'pending' : 'confirmed',
    })),
    payouts: await listPayouts(db, user.id),
  };
}
