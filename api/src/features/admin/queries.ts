import type { Knex } from 'knex';
import { formatCedisText, toCedis } from '../../../../contract/money.ts';
import type {
  AdminAffiliate,
  AdminPayment,
  AdminPayout,
  AdminStats,
  AdminUser,
  Page,
} from '../../../../contract/admin.ts';
import { subscriptionState } from '../../../../contract/subscriptions.ts';
import { addTime, monthOf, monthStart, subtractTime } from '../../../../contract/dates.ts';
import type { VerificationStatus } from '../../../../contract/verification.ts';
import type { Conn, Db } from '../../db.ts';
import type {
  AffiliatePayoutRow,
  AffiliateProfileRow,
  Count,
  Int8,
  PaymentRow,
  PaymentStatus,
  ProfessionalProfileRow,
  UserRow,
} from '../../db-tables.ts';
import { toCount } from '../../db.ts';
import { graceStart } from '../settings/index.ts';
import { getSettings, type Settings } from '../settings/index.ts';

/** Read models of the admin console (docs/PRODUCT.md "Administrators"), computed from the database on every call. */

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

export interface Paging {
  search: string;
  page: number;
  pageSize: number;
}

/** `query` selects rows of type `R` (a join knex cannot type: the caller names the row it builds). */
async function paginate<R, T>(
  query: Knex.QueryBuilder,
  paging: Paging,
  map: (row: R) => T,
): Promise<Page & { rows: T[] }> {
  const [{ n }] = await query.clone().clearSelect().clearOrder().count({ n: '*' });
  const rows: R[] = await query.offset((paging.page - 1) * paging.pageSize).limit(paging.pageSize);
  return { total: toCount(n), page: paging.page, pageSize: paging.pageSize, rows: rows.map(map) };
}

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A phone search matches however the admin types the number (0241234567, +233 24 123 4567,
 * 241234567): compare the national digits against the stored +233… form.
 */
function phoneDigits(search: string): string | null {
  const digits = search.replace(/\D/g, '');
  if (digits.length < 4 || /[A-Za-z@]/.test(search)) return null;
  return digits.replace(/^233/, '').replace(/^0/, '');
}

function whereNameEmailPhone(
  query: Knex.QueryBuilder,
  search: string,
  extra?: (q: Knex.QueryBuilder, like: string) => void,
) {
  if (!search) return query;
  const like = contains(search);
  return query.where((q) => {
    q.whereRaw("(u.first_name || ' ' || u.last_name) ilike ?", [like]).orWhere('u.email', 'ilike', like);
    const digits = phoneDigits(search);
    if (digits) q.orWhere('u.phone', 'like', contains(digits));
    extra?.(q, like);
  });
}

// ---- Users (customers and professionals) ----

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** A row of usersQuery: the user, their subscriptions' span, last sign-in, profile figures and earnings (left joins: null when absent). */
type AdminUserRow = UserRow &
  Nullable<
    Pick<
      ProfessionalProfileRow,
      'profession' | 'verified' | 'verification_status' | 'completed_jobs' | 'review_count' | 'rating_total'
    >
  > & {
    period_end: Date | null;
    first_start: Date | null;
    auto_renew: boolean | null;
    last_active: Date | null;
    earned: Count | null;
  };

function usersQuery(db: Conn, types: string[] = ['customer', 'professional']) {
  const latest = db('subscriptions')
    .select('user_id')
    .max({ period_end: 'period_end' })
    .min({ first_start: 'period_start' })
    .groupBy('user_id')
    .as('s');
  const lastSession = db('sessions').select('user_id').max({ at: 'created_at' }).groupBy('user_id').as('ls');
  const earnings = db('bookings')
    .where({ status: 'completed' })
    .select('professional_id')
    .sum({ earned: 'total_pesewas' })
    .groupBy('professional_id')
    .as('e');
  return db('users as u')
    .leftJoin(latest, 's.user_id', 'u.id')
    .leftJoin(lastSession, 'ls.user_id', 'u.id')
    .leftJoin('professional_profiles as p', 'p.user_id', 'u.id')
    .leftJoin(earnings, 'e.professional_id', 'u.id')
    .leftJoin('card_authorizations as ca', 'ca.user_id', 'u.id')
    .whereIn('u.user_type', types)
    .whereNull('u.deleted_at')
    .select(
      'u.*',
      's.period_end',
      's.first_start',
      // Only the consent: the authorization code never leaves the payments code.
      'ca.auto_renew',
      'ls.at as last_active',
      'p.profession',
      'p.verified',
      'p.verification_status',
      'p.completed_jobs',
      'p.review_count',
      'p.rating_total',
      'e.earned',
    );
}

function toAdminUser(row: AdminUserRow, now: Date, settings: Settings): AdminUser {
  const paidUntil = row.period_end ? new Date(row.period_end) : null;
  const price = toCedis(settings.pricePesewas[row.user_type as 'customer' | 'professional']);
  return {
    id: Number(row.id),
    name: `${row.first_name} ${row.last_name}`,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    type: row.user_type,
    status: row.status,
    joinDate: iso(row.created_at)!,
    lastActive: iso(row.last_active),
    subscription: paidUntil
      ? `${row.user_type === 'customer' ? 'Customer' : 'Professional'} plan (${formatCedisText(price)}/month)`
      : 'No subscription',
    subscriptionDate: iso(row.first_start),
    subscriptionExpiry: iso(row.period_end),
    subscriptionStatus: subscriptionState(paidUntil, now, settings),
    autoRenewal: !!row.auto_renew && !row.renewal_cancelled_at,
    renewalCancelled: !!row.renewal_cancelled_at,
    location: row.location,
    description: row.description,
    profession: row.profession ?? null,
    totalEarnings: toCedis(row.earned),
    jobsCompleted: Number(row.completed_jobs ?? 0),
    rating: row.review_count ? Math.round((row.rating_total! / row.review_count) * 10) / 10 : null,
    verified: !!row.verified,
    verificationStatus: row.user_type === 'professional' ? (row.verification_status ?? 'unverified') : null,
  };
}

/** `verification` keeps only professionals whose review stands so (pending: the review queue). */
export async function listUsers(db: Conn, paging: Paging & { verification?: VerificationStatus }, now: Date) {
  const settings = await getSettings(db);
  const query = whereNameEmailPhone(usersQuery(db), paging.search).orderBy('u.id', 'desc');
  if (paging.verification)
    query.where('u.user_type', 'professional').where('p.verification_status', paging.verification);
  const { rows, ...page } = await paginate(query, paging, (r: AdminUserRow) => toAdminUser(r, now, settings));
  return { ...page, users: rows };
}

/** One account of any type: the dialog also opens for affiliates (from the Affiliates tab). */
export async function findAdminUser(db: Conn, id: number, now: Date): Promise<AdminUser | null> {
  const row: AdminUserRow | undefined = await usersQuery(db as Db, ['customer', 'professional', 'affiliate'])
    .where('u.id', id)
    .first();
  return row ? toAdminUser(row, now, await getSettings(db)) : null;
}

// ---- Payments: subscription payments and commission ledger entries ----

const METHODS: Record<string, string> = {
  mobile_money: 'Mobile Money',
  card: 'Card',
  bank_transfer: 'Bank Transfer',
  bank: 'Bank',
  ussd: 'USSD',
  qr: 'QR',
};
const PAYMENT_STATUS = { success: 'completed', initialized: 'pending', failed: 'failed' } as const;

function paymentsQuery(db: Conn) {
  const subscriptions = db('payments as pm')
    .leftJoin('users as u', 'u.id', 'pm.user_id')
    .whereIn('pm.purpose', ['registration', 'renewal'])
    .select(
      db.raw("'P' || pm.id as id"),
      'pm.user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone',
      'pm.amount_pesewas',
      db.raw("'subscription' as type"),
      'pm.status',
      db.raw('coalesce(pm.paid_at, pm.created_at) as date'),
      'pm.channel',
      'pm.provider',
      'pm.reference',
      'pm.months',
      'pm.initiated_via',
    );
  const commissions = db('affiliate_commissions as c')
    .join('users as u', 'u.id', 'c.affiliate_user_id')
    .select(
      db.raw("'C' || c.id as id"),
      'c.affiliate_user_id as user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone',
      'c.amount_pesewas',
      db.raw("'commission' as type"),
      db.raw("'success' as status"),
      'c.created_at as date',
      db.raw("'ledger' as channel"),
      db.raw("'ledger' as provider"),
      db.raw('null as reference'),
      db.raw('null::integer as months'),
      db.raw('null as initiated_via'),
    );
  return db.from(subscriptions.unionAll(commissions, true).as('u'));
}

/** How it was paid, and whether real money moved: "Mobile Money", "Card (test mode)", "Mobile Money (demo data)". */
function paymentMethod(row: { type: string; channel: string | null; provider: string }): string {
  if (row.type === 'commission') return 'Commission (ledger)';
  const method = row.channel ? METHODS[row.channel] : undefined;
  if (!method) return 'Not paid yet';
  if (row.provider === 'sandbox') return `${method} (test mode)`;
  if (row.provider === 'demo') return `${method} (demo data)`;
  return method;
}

/** A row of paymentsQuery: a subscription payment ('P' + id) or a ledger commission ('C' + id). */
interface AdminPaymentRow {
  id: string;
  user_id: Int8 | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  amount_pesewas: number;
  type: 'subscription' | 'commission';
  status: PaymentStatus;
  date: Date;
  channel: string | null;
  provider: string;
  reference: string | null;
  months: PaymentRow['months'] | null;
  initiated_via: PaymentRow['initiated_via'] | null;
}

function toAdminPayment(row: AdminPaymentRow): AdminPayment {
  return {
    id: row.id,
    userId: row.user_id === null ? null : Number(row.user_id),
    userName: row.first_name ? `${row.first_name} ${row.last_name}` : 'Payment test',
    amount: toCedis(row.amount_pesewas),
    type: row.type,
    status: PAYMENT_STATUS[row.status],
    date: iso(row.date)!,
    method: paymentMethod(row),
    reference: row.reference,
    months: row.months,
    initiatedVia: row.initiated_via,
  };
}

export async function listPayments(db: Conn, paging: Paging, userId?: number) {
  let query = paymentsQuery(db).select('*');
  if (userId !== undefined) query = query.where('u.user_id', userId);
  if (paging.search) {
    query = whereNameEmailPhone(query, paging.search, (q, like) => q.orWhere('u.reference', 'ilike', like));
  }
  const { rows, ...page } = await paginate(query.orderBy('date', 'desc').orderBy('id', 'desc'), paging, toAdminPayment);
  return { ...page, payments: rows };
}

// ---- Affiliates ----

function affiliatesQuery(db: Conn) {
  const referrals = db('referrals').select('affiliate_user_id').count({ n: '*' }).groupBy('affiliate_user_id').as('r');
  const earned = db('affiliate_commissions')
    .select('affiliate_user_id')
    .sum({ total: 'amount_pesewas' })
    .groupBy('affiliate_user_id')
    .as('c');
  const paid = db('affiliate_payouts')
    .whereNot({ status: 'failed' })
    .select('affiliate_user_id')
    .sum({ total: 'amount_pesewas' })
    .groupBy('affiliate_user_id')
    .as('po');
  const lastSession = db('sessions').select('user_id').max({ at: 'created_at' }).groupBy('user_id').as('ls');
  return db('users as u')
    .join('affiliate_profiles as a', 'a.user_id', 'u.id')
    .leftJoin(referrals, 'r.affiliate_user_id', 'u.id')
    .leftJoin(earned, 'c.affiliate_user_id', 'u.id')
    .leftJoin(paid, 'po.affiliate_user_id', 'u.id')
    .leftJoin(lastSession, 'ls.user_id', 'u.id')
    .where('u.user_type', 'affiliate')
    .whereNull('u.deleted_at')
    .select(
      'u.*',
      'a.referrer_code',
      'a.payout_method',
      'a.momo_number',
      'a.bank_account',
      'r.n as referrals',
      'c.total as earned',
      'po.total as paid',
      'ls.at as last_active',
    );
}

/** A row of affiliatesQuery: the user, their profile, and their referral, commission and payout totals. */
type AdminAffiliateRow = UserRow &
  Pick<AffiliateProfileRow, 'referrer_code' | 'payout_method' | 'momo_number' | 'bank_account'> & {
    referrals: Count | null;
    earned: Count | null;
    paid: Count | null;
    last_active: Date | null;
  };

function toAdminAffiliate(row: AdminAffiliateRow): AdminAffiliate {
  return {
    id: Number(row.id),
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    phone: row.phone,
    referrerCode: row.referrer_code,
    joinDate: iso(row.created_at)!,
    totalReferrals: toCount(row.referrals),
    totalEarnings: toCedis(row.earned),
    pendingPayout: toCedis(Number(row.earned ?? 0) - Number(row.paid ?? 0)),
    payoutMethod: row.payout_method,
    payoutDetails: row.payout_method === 'mobile-money' ? row.momo_number : row.bank_account,
    status: row.status,
    lastActivity: iso(row.last_active),
  };
}

export async function listAffiliates(db: Conn, paging: Paging) {
  const query = whereNameEmailPhone(affiliatesQuery(db), paging.search, (q, like) =>
    q.orWhere('a.referrer_code', 'ilike', like),
  );
  const { rows, ...page } = await paginate(query.orderBy('u.id', 'desc'), paging, toAdminAffiliate);
  return { ...page, affiliates: rows };
}

// ---- Payouts ----

/** A row of payoutsQuery: the payout with the affiliate's name. */
export type AdminPayoutRow = AffiliatePayoutRow & Pick<UserRow, 'first_name' | 'last_name'>;

export function toAdminPayout(row: AdminPayoutRow): AdminPayout {
  return {
    id: Number(row.id),
    affiliateId: Number(row.affiliate_user_id),
    affiliateName: `${row.first_name} ${row.last_name}`,
    amount: toCedis(row.amount_pesewas),
    status: row.status,
    requestDate: iso(row.requested_at)!,
    processedDate: iso(row.processed_at),
    method: row.method,
    details: row.details,
    reference: row.reference,
    notes: row.notes ?? null,
  };
}

export const payoutsQuery = (db: Conn) =>
  db('affiliate_payouts as po')
    .join('users as u', 'u.id', 'po.affiliate_user_id')
    .select('po.*', 'u.first_name', 'u.last_name');

export async function listPayouts(db: Conn, paging: Paging & { status?: string }) {
  let query = payoutsQuery(db);
  if (paging.status && paging.status !== 'all') query = query.where('po.status', paging.status);
  if (paging.search)
    query = whereNameEmailPhone(query, paging.search, (q, like) => q.orWhere('po.reference', 'ilike', like));
  const { rows, ...page } = await paginate(
    query.orderBy('po.requested_at', 'desc').orderBy('po.id', 'desc'),
    paging,
    toAdminPayout,
  );
  return { ...page, payouts: rows };
}

// ---- Stats ----

/**
 * The console's figures (docs/PRODUCT.md "Administrators"). activeUsers: active accounts whose paid period (plus grace) has not
 * ended; monthlyRevenue: subscription payments settled this calendar month (GMT); pendingPayouts:
 * cedis requested and not yet paid (pending or processing); totalPayouts: cedis paid out.
 */
export async function adminStats(db: Conn, now: Date): Promise<AdminStats> {
  const settings = await getSettings(db);
  const people = db('users').whereNull('deleted_at');
  const [counts] = await people
    .clone()
    .select<{ users: Count; customers: Count; professionals: Count; affiliates: Count; recent: Count }[]>(
      db.raw("count(*) filter (where user_type in ('customer', 'professional')) as users"),
      db.raw("count(*) filter (where user_type = 'customer') as customers"),
      db.raw("count(*) filter (where user_type = 'professional') as professionals"),
      db.raw("count(*) filter (where user_type = 'affiliate') as affiliates"),
      // Sign-ups count the people Total Users counts (customers and professionals), not affiliates.
      db.raw("count(*) filter (where user_type in ('customer', 'professional') and created_at > ?) as recent", [
        subtractTime(now, { days: 7 }),
      ]),
    );
  const latest = db('subscriptions').select('user_id').max({ period_end: 'period_end' }).groupBy('user_id').as('s');
  const [subscribers] = await db
    .from(latest)
    .join('users as u', 'u.id', 's.user_id')
    .whereNull('u.deleted_at')
    .select(
      db.raw("count(*) filter (where u.status = 'active' and s.period_end > ?) as active", [graceStart(db, now)]),
      db.raw('count(*) filter (where s.period_end > ? and s.period_end <= ?) as expiring', [
        now,
        addTime(now, { days: settings.reminderDays }),
      ]),
    );
  const settled = db('payments').where({ status: 'success' }).whereIn('purpose', ['registration', 'renewal']);
  const [revenue] = await settled
    .clone()
    .where('settled_at', '>=', monthStart(now, 0))
    .sum({ total: 'amount_pesewas' });
  const [payouts] = await db('affiliate_payouts').select<{ owed: Count; paid: Count }[]>(
    db.raw("coalesce(sum(amount_pesewas) filter (where status in ('pending', 'processing')), 0) as owed"),
    db.raw("coalesce(sum(amount_pesewas) filter (where status = 'completed'), 0) as paid"),
  );

  const since = monthStart(now, 11);
  const month = (column: string) => db.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM') as month`);
  const signups = await people
    .clone()
    .whereIn('user_type', ['customer', 'professional'])
    .where('created_at', '>=', since)
    .select<{ month: string; n: Count }[]>(month('created_at'), db.raw('count(*) as n'))
    .groupBy('month');
  const income = await settled
    .clone()
    .where('settled_at', '>=', since)
    .select<{ month: string; total: Count }[]>(month('settled_at'), db.raw('sum(amount_pesewas) as total'))
    .groupBy('month');
  const history = Array.from({ length: 12 }, (_, i) => {
    const key = monthOf(monthStart(now, 11 - i));
    return {
      month: key,
      signups: toCount(signups.find((r) => r.month === key)?.n),
      revenue: toCedis(income.find((r) => r.month === key)?.total),
    };
  });

  return {
    totalUsers: toCount(counts.users),
    totalCustomers: toCount(counts.customers),
    totalProfessionals: toCount(counts.professionals),
    activeUsers: toCount(subscribers?.active),
    monthlyRevenue: toCedis(revenue?.total),
    pendingPayouts: toCedis(payouts.owed),
    recentSignups: toCount(counts.recent),
    totalAffiliates: toCount(counts.affiliates),
    expiringSubscriptions: toCount(subscribers?.expiring),
    totalPayouts: toCedis(payouts.paid),
    history,
  };
}
