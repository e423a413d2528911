import type { SessionUser } from '../../../../contract/accounts.ts';
import type { Db } from '../../db.ts';
import { findBookings } from '../bookings/service.ts';
import { findListing } from '../professionals/repo.ts';

const cedis = (pesewas: unknown) => Number(pesewas ?? 0) / 100;
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const RECENT_BOOKINGS = 3;

/** The account part every dashboard starts from. */
async function account(db: Db, user: SessionUser) {
  const row = await db('users').where({ id: user.id }).first();
  const subscription = await db('subscriptions').where({ user_id: user.id }).orderBy('period_end', 'desc').first();
  return {
    row,
    base: {
      id: user.id,
      name: `${user.firstName} ${user.lastName}`,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      location: row.location as string | null,
      localAddress: row.local_address as string | null,
      description: row.description as string | null,
      joinDate: new Date(row.created_at).toISOString().slice(0, 10),
      status: user.status,
      subscription: subscription
        ? { planType: subscription.plan_type as string, paidUntil: new Date(subscription.period_end).toISOString() }
        : null,
    },
  };
}

/** Customer record of spec 001 §3, from real bookings and favourites. */
export async function customerRecord(db: Db, user: SessionUser, now: Date) {
  const { base } = await account(db, user);
  const [totals] = await db('bookings')
    .where({ customer_id: user.id })
    .select(
      db.raw('count(*) as total'),
      db.raw("count(*) filter (where status = 'completed') as completed"),
      db.raw("coalesce(sum(total_pesewas) filter (where status = 'completed'), 0) as spent"),
    );
  const favouriteIds = await db('favourites').where({ customer_id: user.id }).orderBy('created_at', 'desc').pluck('professional_id');
  const favourites = (await Promise.all(favouriteIds.map((id) => findListing(db, Number(id), now)))).filter((l) => l !== undefined);
  return {
    ...base,
    preferredLocation: base.location,
    totalBookings: Number(totals.total),
    completedJobs: Number(totals.completed),
    totalSpent: cedis(totals.spent),
    favoriteServices: favourites,
    recentBookings: (await findBookings(db, user.id)).slice(0, RECENT_BOOKINGS),
    verified: true,
  };
}

/** Professional record of spec 001 §3: earnings from completed bookings, rating from verified reviews. */
export async function professionalRecord(db: Db, user: SessionUser, now: Date) {
  const { base } = await account(db, user);
  const p = await db('professional_profiles').where({ user_id: user.id }).first();
  const monthStart = `${now.toISOString().slice(0, 7)}-01`;
  const [totals] = await db('bookings')
    .where({ professional_id: user.id })
    .select(
      db.raw("count(*) filter (where status <> 'cancelled') as total_jobs"),
      db.raw("count(*) filter (where status = 'pending') as pending"),
      db.raw("count(*) filter (where status = 'completed') as completed"),
      db.raw("coalesce(sum(total_pesewas) filter (where status = 'completed'), 0) as earned"),
      db.raw("coalesce(sum(total_pesewas) filter (where status = 'completed' and date >= ?), 0) as month_earned", [monthStart]),
    );
  const byMonth = await db('bookings')
    .where({ professional_id: user.id, status: 'completed' })
    .select(db.raw("to_char(date, 'YYYY-MM') as month"), db.raw('sum(total_pesewas) as amount'), db.raw('count(*) as jobs'))
    .groupByRaw("to_char(date, 'YYYY-MM')")
    .orderBy('month', 'desc')
    .limit(12);
  const [ratings] = await db('reviews').where({ professional_id: user.id }).select(db.raw('avg(rating) as rating'), db.raw('count(*) as reviews'));
  return {
    ...base,
    profession: p.profession as string,
    verified: p.verified as boolean,
    baseRate: cedis(p.base_rate_pesewas),
    maxRate: cedis(p.max_rate_pesewas),
    rateNegotiable: p.rate_negotiable as boolean,
    bio: base.description || 'Professional service provider',
    experience: p.experience as string,
    skills: json<string[]>(p.skills),
    availability: json<{ days: string[]; start: string; end: string }>(p.availability),
    totalJobs: Number(totals.total_jobs),
    pendingJobs: Number(totals.pending),
    completedJobs: Number(totals.completed),
    totalEarnings: cedis(totals.earned),
    monthlyEarnings: cedis(totals.month_earned),
    earningsByMonth: byMonth.map((m) => ({ month: m.month as string, amount: cedis(m.amount), jobs: Number(m.jobs) })),
    rating: ratings.rating === null ? null : Math.round(Number(ratings.rating) * 10) / 10,
    reviews: Number(ratings.reviews),
  };
}

/** Affiliate record: code and payout details (referral figures arrive with the commission ledger). */
export async function affiliateRecord(db: Db, user: SessionUser) {
  const { base } = await account(db, user);
  const a = await db('affiliate_profiles').where({ user_id: user.id }).first();
  const [referrals] = await db('referrals').where({ affiliate_user_id: user.id }).count({ n: '*' });
  return {
    ...base,
    referrerCode: a.referrer_code as string,
    payoutMethod: a.payout_method as string,
    payoutDetails: a.payout_method === 'mobile-money' ? a.momo_number : a.bank_account,
    totalReferrals: Number(referrals.n),
  };
}
