import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate, migrationSource, rollbackAll, type Db } from '../src/db.ts';
import { createTestDb } from '../test/harness.ts';

// ARCHITECTURE example 5: migrations run forward, back to zero and forward again.
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());

const ALL_TABLES = [
  'admin_audit_log',
  'admin_sessions',
  'admins',
  'affiliate_commissions',
  'affiliate_payouts',
  'affiliate_profiles',
  'affiliate_signups',
  'booking_messages',
  'booking_proposals',
  'bookings',
  'card_authorizations',
  'chat_reads',
  'contact_messages',
  'document_access_log',
  'event_tickets',
  'favourites',
  'login_attempts',
  'momo_code_sends',
  'momo_numbers',
  'notifications',
  'password_resets',
  'payments',
  'photos',
  'platform_settings',
  'problem_reports',
  'professional_document_files',
  'professional_documents',
  'professional_profiles',
  'push_subscriptions',
  'push_vapid_keys',
  'rate_limits',
  'referrals',
  'renew_links',
  'renewal_charges',
  'report_messages',
  'reviews',
  'sandbox_transactions',
  'sessions',
  'signin_codes',
  'subscription_reminders',
  'subscriptions',
  'user_events',
  'users',
  'ussd_pins',
  'ussd_sessions',
];

const tables = async () =>
  (
    await db.raw(
      `select table_name from information_schema.tables where table_schema = 'public' and table_name not like 'knex_%' order by 1`,
    )
  ).rows.map((r: { table_name: string }) => r.table_name);

it('migrates latest → rollback all → latest', async () => {
  const all = await migrationSource.getMigrations([]);
  expect(await tables()).toEqual(ALL_TABLES);
  const [, rolledBack] = await rollbackAll(db);
  expect(rolledBack).toHaveLength(all.length);
  expect(await tables()).toEqual([]);
  const [, applied] = await migrate(db);
  expect(applied).toEqual(all);
  expect(await tables()).toEqual(ALL_TABLES);
});

it('uses the GiST index for radius pre-filtering', async () => {
  const plan = await db.raw(`explain select user_id from professional_profiles
     where earth_box(ll_to_earth(5.6, -0.18), 11265) @> ll_to_earth(latitude, longitude) and latitude is not null`);
  // Planner output differs between engines; the index must at least be usable for the query.
  const text = plan.rows.map((r: Record<string, string>) => Object.values(r)[0]).join('\n');
  expect(text).toMatch(/professional_profiles/);
});
