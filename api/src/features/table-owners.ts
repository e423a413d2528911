import type { Tables } from 'knex/types/tables.js';
// The declarations of every table (api/src/db-tables.ts) that give Tables its keys.
import type {} from '../db-tables.ts';

/**
 * Where a table's writes may live, as a path under api/src: a feature folder, or for a table that
 * belongs to the machinery rather than to a feature, the one module that keeps it. Every insert,
 * update and delete of a table is a function there; any other module that changes the table calls
 * that function, so the rules a table's rows keep sit beside the only code that writes them
 * (ARCHITECTURE.md "Features"). Reads are free: any feature may read any table.
 *
 * Each owner keeps its queries in its repo module: the feature's repo.ts, or where the feature
 * grew one under another name, that file (the de-facto repos: accounts/users.ts, auth/sessions.ts,
 * auth/throttle.ts, and admin/queries.ts for the administrators' reads).
 *
 * A new table in db-tables.ts without an owner here fails the typecheck;
 * api/src/features/data-access.test.ts fails a write outside its owner.
 */
export const TABLE_OWNERS = {
  users: 'features/accounts',
  professional_profiles: 'features/professionals',
  favourites: 'features/professionals',
  contact_messages: 'features/contact',
  sessions: 'features/auth',
  login_attempts: 'features/auth',
  password_resets: 'features/auth',
  signin_codes: 'features/auth',
  payments: 'features/payments',
  // Value is granted only by settlePayment (docs/HOUSE-RULES.md "Server"), which writes the period.
  subscriptions: 'features/subscriptions',
  // The TEST MODE provider's own record of the charges it was asked for.
  sandbox_transactions: 'providers/sandbox.ts',
  affiliate_profiles: 'features/affiliates',
  referrals: 'features/affiliates',
  affiliate_commissions: 'features/affiliates',
  affiliate_payouts: 'features/affiliates',
  affiliate_signups: 'features/affiliate-signups',
  // Written in the transaction of the change they report, only through the notifier's functions.
  notifications: 'providers/notifier.ts',
  push_subscriptions: 'features/push',
  push_vapid_keys: 'features/push',
  bookings: 'features/bookings',
  // A booking's chat and its review are parts of the bookings feature, each with its own tables and repo.
  booking_messages: 'features/bookings/chat',
  booking_proposals: 'features/bookings',
  reviews: 'features/bookings/reviews',
  chat_reads: 'features/bookings/chat',
  subscription_reminders: 'features/subscriptions',
  card_authorizations: 'features/subscriptions',
  renewal_charges: 'features/subscriptions',
  renew_links: 'features/subscriptions',
  momo_numbers: 'features/subscriptions',
  momo_code_sends: 'features/subscriptions',
  admins: 'features/admin',
  admin_sessions: 'features/admin',
  admin_audit_log: 'features/audit',
  platform_settings: 'features/settings',
  professional_documents: 'features/verification',
  professional_document_files: 'features/verification',
  document_access_log: 'features/verification',
  rate_limits: 'http/rate-limit.ts',
  photos: 'features/photos',
  problem_reports: 'features/reports',
  report_messages: 'features/reports',
  // Written by the database's triggers (migration 20261127000000); the feature only deletes old ones.
  user_events: 'features/events',
  event_tickets: 'features/events',
  ussd_sessions: 'features/ussd',
  ussd_pins: 'features/ussd',
} as const satisfies Record<keyof Tables, `features/${string}` | `${'providers' | 'http'}/${string}.ts`>;

export type TableName = keyof typeof TABLE_OWNERS;
