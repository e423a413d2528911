import { afterAll, beforeAll, expect, it } from 'vitest';
import { CATEGORY_NAMES } from '../../contract/categories.ts';
import { CITIES } from '../../contract/cities.ts';
import { greatCircleMiles } from '../../contract/distance.ts';
import type { Db } from '../src/db.ts';
import { verifyPassword } from '../src/features/accounts/passwords.ts';
import { listPayments } from '../src/features/admin/queries.ts';
import { createTestDb } from '../test/harness.ts';
import { DEMO_ACCOUNTS, DEMO_ADMIN, DEMO_PASSWORD, loadDemoData } from './demo.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());

it('loads professionals in all 12 categories over the 10 cities, each near its city', async () => {
  await loadDemoData(db);
  const rows = await db('professional_profiles as p')
    .join('users as u', 'u.id', 'p.user_id')
    .select('p.profession', 'u.location', 'p.latitude', 'p.longitude', 'u.status');
  expect(new Set(rows.map((r) => r.profession))).toEqual(new Set(CATEGORY_NAMES));
  expect(new Set(rows.map((r) => r.location))).toEqual(new Set(CITIES.map((c) => c.name)));
  for (const row of rows) {
    const centre = CITIES.find((c) => c.name === row.location)!;
    expect(greatCircleMiles(centre, { lat: row.latitude, lng: row.longitude })).toBeLessThan(3.1);
    expect(row.status).toBe('active');
  }
  for (const city of CITIES) {
    const here = rows.filter((r) => r.location === city.name).map((r) => r.profession);
    expect(new Set(here).size).toBe(12);
  }
});

it('reads like a real marketplace: varied names, and completed jobs with reviews that the figures agree with', async () => {
  // Not the same first name for every plumber.
  const names = await db('users as u')
    .join('professional_profiles as p', 'p.user_id', 'u.id')
    .where('p.profession', 'Plumber')
    .select('u.first_name', 'u.last_name');
  expect(new Set(names.map((n) => n.first_name)).size).toBeGreaterThanOrEqual(6);
  expect(new Set(names.map((n) => `${n.first_name} ${n.last_name}`)).size).toBe(names.length);

  const reviewed = await db('professional_profiles').where('review_count', '>', 0).count({ n: '*' });
  expect(Number(reviewed[0].n)).toBeGreaterThan(50);
  // Each professional's counters match their reviews and completed jobs, as the real steps keep them.
  const mismatched = await db('professional_profiles as p')
    .leftJoin(
      db('reviews')
        .select('professional_id')
        .count({ n: '*' })
        .sum({ stars: 'rating' })
        .groupBy('professional_id')
        .as('r'),
      'r.professional_id',
      'p.user_id',
    )
    .leftJoin(
      db('bookings')
        .where({ status: 'completed' })
        .select('professional_id')
        .count({ n: '*' })
        .groupBy('professional_id')
        .as('b'),
      'b.professional_id',
      'p.user_id',
    )
    .whereRaw(
      'p.review_count <> coalesce(r.n, 0) or p.rating_total <> coalesce(r.stars, 0) or p.completed_jobs <> coalesce(b.n, 0)',
    )
    .count({ n: '*' });
  expect(Number(mismatched[0].n)).toBe(0);
  // Every review is of a completed job of that customer with that professional, in the past.
  const orphans = await db('reviews as r')
    .join('bookings as b', 'b.id', 'r.booking_id')
    .where((w) =>
      w
        .whereNot('b.status', 'completed')
        .orWhereRaw('b.customer_id <> r.customer_id')
        .orWhereRaw('b.professional_id <> r.professional_id')
        .orWhere('b.date', '>=', new Date()),
    )
    .count({ n: '*' });
  expect(Number(orphans[0].n)).toBe(0);
});

it('creates the demo administrator the README lists when there is none', async () => {
  const admin = await db('admins').whereRaw('lower(username) = ?', [DEMO_ADMIN]).first();
  expect(await verifyPassword(admin!.password_hash, DEMO_PASSWORD)).toBe(true);
});

it('creates the demo accounts the README lists, with the printed password', async () => {
  for (const account of DEMO_ACCOUNTS) {
    const user = await db('users').where({ email: account.email }).first();
    expect(user).toMatchObject({ user_type: account.userType, status: 'active' });
    expect(user!.phone).toMatch(/^\+233\d{9}$/);
    expect(await verifyPassword(user!.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(user!.password_hash, 'wrong-password')).toBe(false);
  }
});

it('gives every demo customer and professional a paid month, and the affiliate a code', async () => {
  const unpaid = await db('users as u')
    .leftJoin('subscriptions as s', 's.user_id', 'u.id')
    .whereNot('u.user_type', 'affiliate')
    .whereNull('s.id')
    .count({ n: '*' });
  expect(Number(unpaid[0].n)).toBe(0);
  const affiliate = await db('affiliate_profiles').first();
  expect(affiliate!.referrer_code).toBe('SEAFFDEMO01');
  // The administrator's payments say how they were paid and that they are demo data.
  const { payments } = await listPayments(db, { search: '', page: 1, pageSize: 5 });
  expect(payments.map((p) => p.method)).toEqual(Array(5).fill('Mobile Money (demo data)'));
});

it('adds nothing when loaded twice', async () => {
  const [{ n: before }] = await db('users').count({ n: '*' });
  expect(await loadDemoData(db)).toEqual({ created: 0, professionals: 0 });
  const [{ n: after }] = await db('users').count({ n: '*' });
  expect(Number(after)).toBe(Number(before));
});
