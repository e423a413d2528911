/**
 * Every table the migrations (api/migrations/) create, as knex reads it back, declared once so that
 * `db('users')` returns typed rows and a renamed or misspelt column fails the typecheck in every
 * query, insert, update and where-object that names it. Keep it in step with the migrations: a
 * migration that adds, drops or renames a column changes its interface here.
 *
 * What the drivers return (no type parsers are set, api/src/db.ts):
 * - bigint (ids, foreign keys): a string from pg, a number from PGlite: `Int8`, read with Number().
 * - timestamptz and date: a Date from both.
 * - jsonb: `unknown` (written as JSON text, parsed and checked where it is read).
 * - bytea: a Buffer (pg) or Uint8Array (PGlite).
 *
 * Each table is a `Knex.CompositeTableType`: selects give the row; an insert must give every column
 * that is not nullable, defaulted or generated (`Insertable`), an update any subset (`Writable`);
 * each value its column's type, a knex.raw or subquery, or (timestamps and dates) an ISO string;
 * an unknown column is refused. The database checks the rest (constraints).
 *
 * knex types only queries on a declared name: `db('users as u')` joins, `db.from(subquery)` and
 * raw SQL come back untyped, so their readers name the row they build from these types
 * (`const rows: ListingRow[] = await …`, `.select<{ n: Count }[]>(db.raw(…))`). Migrations
 * describe older shapes: one that writes a column as it once was uses an untyped builder
 * (`knex<Record<string, unknown>, unknown>('table')`).
 */
import type { Knex } from 'knex';
import type { AccountStatus, UserType } from '../../contract/account-types.ts';
import type { PayoutStatus, MomoNetwork as PayoutNetwork } from '../../contract/affiliates.ts';
import type { BookingStatus, ChatSystemEvent } from '../../contract/bookings.ts';
import type { CancellationKind, DoneAnswer, PartyRole, ReportOutcome, ReportReason } from '../../contract/reports.ts';
import type { MomoNetworkCode } from '../../contract/momo.ts';
import type { PaymentPurpose } from '../../contract/payments.ts';
import type { PaymentRoute, PlanLength, PlanType } from '../../contract/plans.ts';
import type { VerificationStatus } from '../../contract/verification.ts';

/** A bigint column: pg answers a string, PGlite a number. */
export type Int8 = number | string;
/** count(), or sum() of integers (bigint, numeric): a string from pg, a number from PGlite. Read with Number(). */
export type Count = string | number;
/** A timestamptz or date column. */
export type Timestamp = Date;
/** A jsonb column: parse and check it where it is read. */
export type Jsonb = unknown;
/** A bytea column. */
export type Bytes = Uint8Array;

/** A value a write may give a column: its own type, a knex.raw or subquery, or (timestamps and dates) an ISO string. */
type WriteValue<T> = T | Knex.Raw | Knex.QueryBuilder | (Date extends T ? string : never);

/** The columns that may hold null. */
type NullableKeys<Row> = { [K in keyof Row]-?: null extends Row[K] ? K : never }[keyof Row];

/** What an update may set: any subset of the columns that are not generated. */
export type Writable<Row, Generated extends keyof Row = never> = {
  [K in Exclude<keyof Row, Generated>]?: WriteValue<Row[K]>;
};

/**
 * What an insert must give: every column that is neither nullable, nor defaulted by the database
 * (`Defaulted`, as the migrations say), nor generated; and may give any other writable column.
 */
export type Insertable<Row, Defaulted extends keyof Row = never, Generated extends keyof Row = never> = {
  [K in Exclude<keyof Row, Defaulted | Generated | NullableKeys<Row>>]: WriteValue<Row[K]>;
} & Writable<Row, Generated>;

type Table<Row, Defaulted extends keyof Row = never, Generated extends keyof Row = never> = Knex.CompositeTableType<
  Row,
  Insertable<Row, Defaulted, Generated>,
  Writable<Row, Generated>,
  Writable<Row, Generated>
>;

export interface UserRow {
  id: Int8;
  user_type: UserType;
  email: string;
  phone: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  status: AccountStatus;
  location: string | null;
  local_address: string | null;
  description: string | null;
  profile_picture: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  renewal_cancelled_at: Timestamp | null;
  deleted_at: Timestamp | null;
  avatar_hash: string | null;
  momo_network: MomoNetworkCode | null;
  /** Which terms the person agreed to at sign-up (their lastUpdated date), and when; null for accounts made before consent was asked. */
  terms_version: string | null;
  terms_agreed_at: Timestamp | null;
  /** Texts go even when a phone showed the notification. */
  also_text: boolean;
}

export interface ProfessionalProfileRow {
  user_id: Int8;
  profession: string;
  experience: string;
  skills: Jsonb;
  base_rate_pesewas: number;
  max_rate_pesewas: number;
  rate_negotiable: boolean;
  latitude: number;
  longitude: number;
  verified: boolean;
  availability: Jsonb;
  location_source: 'own' | 'city' | 'default';
  paid_until: Timestamp | null;
  review_count: number;
  rating_total: number;
  completed_jobs: number;
  answered_requests: number;
  response_seconds_total: number;
  verification_status: VerificationStatus;
  verification_reason: string | null;
  verified_at: Timestamp | null;
  /** Kept by triggers from the user's status and type. */
  account_active: boolean;
  /** Generated columns (search keys): never written. */
  category: string;
  rating_key: number;
  price_high_key: number;
  reviews_key: number;
}

export interface ContactMessageRow {
  id: Int8;
  reference: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  category: string;
  message: string;
  user_type: string | null;
  status: string;
  created_at: Timestamp;
  user_id: Int8 | null;
}

export interface SessionRow {
  id: Int8;
  user_id: Int8;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export type PaymentStatus = 'initialized' | 'success' | 'failed';

export interface PaymentRow {
  id: Int8;
  user_id: Int8 | null;
  reference: string;
  purpose: PaymentPurpose;
  plan_type: PlanType;
  amount_pesewas: number;
  currency: string;
  email: string;
  provider: string;
  status: PaymentStatus;
  provider_transaction_id: string | null;
  channel: string | null;
  paid_at: Timestamp | null;
  created_at: Timestamp;
  settled_at: Timestamp | null;
  completion_secret_hash: string | null;
  completion_claimed_at: Timestamp | null;
  months: PlanLength;
  initiated_via: PaymentRoute;
  prompt_phone: string | null;
  prompt_network: MomoNetworkCode | null;
  prompt_status: string | null;
  prompt_message: string | null;
  /** The one-tap renewal link that started this prompt (it acts on no other). */
  renew_link_hash: string | null;
  /** When the provider was last asked how this payment stands (asked at most every few seconds). */
  provider_checked_at: Timestamp | null;
}

export interface SubscriptionRow {
  id: Int8;
  user_id: Int8;
  payment_id: Int8;
  plan_type: string;
  amount_pesewas: number;
  period_start: Timestamp;
  period_end: Timestamp;
  created_at: Timestamp;
}

export interface AffiliateProfileRow {
  user_id: Int8;
  referrer_code: string;
  payout_method: 'mobile-money' | 'bank-account';
  momo_number: string;
  bank_account: string;
  momo_network: PayoutNetwork | null;
}

export interface ReferralRow {
  id: Int8;
  affiliate_user_id: Int8;
  referred_user_id: Int8;
  referrer_code: string;
  created_at: Timestamp;
}

export interface LoginAttemptRow {
  id: Int8;
  account_key: string;
  /** The client's address, as the account's sign-in history shows it. */
  ip: string;
  /** What the per-address limit counts under: the IPv4 address, or the IPv6 /64. */
  address_key: string;
  /** null while the password is being checked. */
  succeeded: boolean | null;
  created_at: Timestamp;
}

export interface PasswordResetRow {
  id: Int8;
  user_id: Int8;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A sign-in code request (api/migrations/20261206060000_create_signin_codes.ts). */
export interface SigninCodeRow {
  id: Int8;
  phone: string;
  /** Null when no account has the number: the row's code is one nobody holds. */
  user_id: Int8 | null;
  request_hash: string;
  code_hash: string;
  /** This request sent a text (counted against the number's texts). */
  texted: boolean;
  /** The texted request whose code this one shares, when the number's texts were used up. */
  shares: Int8 | null;
  tries: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface SandboxTransactionRow {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  metadata: Jsonb;
  status: string;
  created_at: Timestamp;
  channel: string;
  authorization_code: string | null;
}

export interface NotificationRow {
  id: Int8;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  status: 'pending' | 'sent' | 'failed' | 'skipped';
  attempts: number;
  next_attempt_at: Timestamp | null;
  last_error: string | null;
  user_id: Int8 | null;
  /** Push rows: the phone; null once that phone is removed. */
  subscription_id: Int8 | null;
  /** Push rows: the proof the service worker sends back when it showed the notification. */
  receipt: string | null;
  shown_at: Timestamp | null;
  /** One step's push rows and the text rows that wait for them share it. */
  step: string | null;
  /** A chat message's push: dropped when the person read this booking's chat after it was written. */
  unless_read_booking_id: Int8 | null;
  /** A worker is sending it until then (its lease); null when nobody is. A lapsed lease is claimed again. */
  claimed_until: Timestamp | null;
  /** Whose lease it is: an outcome is written only by the holder of the current token. */
  lease_token: string | null;
  /** A text's fallback row: the first row it stands in for; it waits (no next_attempt_at) until that one fails for good. */
  fallback_of: Int8 | null;
}

export interface PushSubscriptionRow {
  id: Int8;
  user_id: Int8;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  /** The sign-in that turned this phone on: its sign-out stops the phone's notifications. Null before that was kept. */
  session_id: Int8 | null;
}

export interface PushVapidKeysRow {
  id: number;
  public_key: string;
  private_key: string;
  created_at: Timestamp;
}

export interface BookingRow {
  id: Int8;
  customer_id: Int8;
  professional_id: Int8;
  date: Timestamp;
  time: string;
  duration_hours: number;
  agreed_rate_pesewas: number;
  proposed_rate_pesewas: number | null;
  total_pesewas: number;
  description: string;
  notes: string | null;
  location: string | null;
  status: BookingStatus;
  cancelled_by: string | null;
  created_at: Timestamp;
  responded_at: Timestamp | null;
  completed_at: Timestamp | null;
  updated_at: Timestamp;
  /** While pending: when the request expires unanswered (features/bookings/expiry.ts). */
  answer_by: Timestamp | null;
  /** How a confirmed booking was cancelled (docs/PRODUCT.md "Cancellations that count"); null otherwise. */
  cancellation_kind: CancellationKind | null;
  cancelled_at: Timestamp | null;
  /** The customer's answer to "Was the job done?"; null while unanswered (72 hours: counted done). */
  done_answer: DoneAnswer | null;
  done_answered_at: Timestamp | null;
  /** The professional's words when he declined the request (optional; the customer reads them). */
  decline_reason: string | null;
}

export interface BookingMessageRow {
  id: Int8;
  booking_id: Int8;
  /** Null only on a system line nobody's act made (a request expired). */
  sender_id: Int8 | null;
  body: string;
  created_at: Timestamp;
  /** The sender's phone's own name for the message: the same message sent twice is stored once. */
  client_key: string | null;
  /** A booking step shown in the chat (contract/bookings.ts CHAT_SYSTEM_EVENTS); null for a person's message. */
  system_event: ChatSystemEvent | null;
}

/** Another time proposed for a booking (features/bookings/reschedule.ts). */
export interface BookingProposalRow {
  id: Int8;
  booking_id: Int8;
  proposed_by: Int8;
  date: Timestamp;
  time: string;
  status: 'open' | 'accepted' | 'declined' | 'expired';
  created_at: Timestamp;
  expires_at: Timestamp;
  answered_at: Timestamp | null;
}

export interface ReviewRow {
  id: Int8;
  booking_id: Int8;
  customer_id: Int8;
  professional_id: Int8;
  rating: number;
  comment: string;
  created_at: Timestamp;
}

export interface FavouriteRow {
  customer_id: Int8;
  professional_id: Int8;
  created_at: Timestamp;
}

export interface AffiliateCommissionRow {
  id: Int8;
  affiliate_user_id: Int8;
  referred_user_id: Int8;
  payment_id: Int8;
  plan_type: string;
  amount_pesewas: number;
  created_at: Timestamp;
}

export interface AffiliatePayoutRow {
  id: Int8;
  affiliate_user_id: Int8;
  amount_pesewas: number;
  method: string;
  details: string;
  status: PayoutStatus;
  reference: string;
  notes: string | null;
  requested_at: Timestamp;
  processed_at: Timestamp | null;
  transfer_code: string | null;
  transfer_status: string | null;
}

export interface SubscriptionReminderRow {
  id: Int8;
  user_id: Int8;
  kind: 'expiring' | 'expired';
  period_end: Timestamp;
  sent_at: Timestamp;
}

export interface ChatReadRow {
  booking_id: Int8;
  user_id: Int8;
  last_read_at: Timestamp | null;
  last_emailed_at: Timestamp | null;
  last_pushed_at: Timestamp | null;
}

export interface AdminRow {
  id: Int8;
  username: string;
  password_hash: string;
  created_at: Timestamp;
  last_login_at: Timestamp | null;
}

export interface AdminSessionRow {
  id: Int8;
  admin_id: Int8;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface AdminAuditLogRow {
  id: Int8;
  admin_id: Int8 | null;
  admin_username: string;
  action: string;
  target_type: string;
  target_id: string;
  before: Jsonb | null;
  after: Jsonb | null;
  created_at: Timestamp;
}

export interface PlatformSettingsRow {
  /** Always 1: one row. */
  id: number;
  reminder_days: number;
  grace_period_days: number;
  customer_price_pesewas: number;
  professional_price_pesewas: number;
  customer_commission_pesewas: number;
  professional_commission_pesewas: number;
  updated_at: Timestamp | null;
  discount_3_months_percent: number;
  discount_6_months_percent: number;
  discount_12_months_percent: number;
}

export interface ProfessionalDocumentRow {
  id: Int8;
  user_id: Int8;
  kind: 'ghana-card' | 'trade-certificate';
  file_name: string;
  content_type: 'image/png' | 'image/jpeg' | 'application/pdf';
  size_bytes: number;
  sha256: string;
  uploaded_at: Timestamp;
}

export interface ProfessionalDocumentFileRow {
  document_id: Int8;
  bytes: Bytes;
}

export interface DocumentAccessLogRow {
  id: Int8;
  document_id: Int8;
  professional_id: Int8;
  document_kind: string;
  admin_id: Int8 | null;
  admin_username: string;
  ip: string;
  accessed_at: Timestamp;
}

export interface CardAuthorizationRow {
  user_id: Int8;
  authorization_code: string;
  card_type: string;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  bank: string | null;
  auto_renew: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RenewalChargeRow {
  id: Int8;
  user_id: Int8;
  period_end: Timestamp;
  attempt: number;
  payment_id: Int8 | null;
  status: 'charging' | 'pending' | 'success' | 'failed';
  reason: string | null;
  created_at: Timestamp;
}

export interface RateLimitRow {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface PhotoRow {
  id: Int8;
  user_id: Int8;
  kind: 'profile' | 'work' | 'report';
  position: number;
  /** The problem report a 'report' photo belongs to. */
  report_id: Int8 | null;
  hash: string;
  thumb_width: number;
  thumb_height: number;
  thumb_bytes: Bytes;
  large_width: number;
  large_height: number;
  large_bytes: Bytes;
  /** The thumbnail's square at 320 px: profile photos stored since it was made, else null. */
  thumb2x_bytes: Bytes | null;
  created_at: Timestamp;
}

export interface ProblemReportRow {
  id: Int8;
  booking_id: Int8;
  customer_id: Int8;
  professional_id: Int8;
  reporter_role: PartyRole;
  reason: ReportReason;
  description: string;
  status: 'open' | 'closed';
  outcome: ReportOutcome | null;
  outcome_party: PartyRole | null;
  closing_note: string | null;
  closed_by_admin_id: Int8 | null;
  closed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface ReportMessageRow {
  id: Int8;
  report_id: Int8;
  author_user_id: Int8 | null;
  author_admin_id: Int8 | null;
  author_role: PartyRole | 'admin';
  body: string;
  created_at: Timestamp;
}

export interface UserEventRow {
  id: Int8;
  user_id: Int8;
  /** xid8: set by the database (pg_current_xact_id()), read as text. */
  txid: string;
  type: string;
  data: Jsonb;
  created_at: Timestamp;
}

export interface EventTicketRow {
  ticket_hash: string;
  user_id: Int8;
  session_hash: string;
  expires_at: Timestamp;
}

/** A number other than the account's own that prompts may go to, once its owner typed back the SMS code. */
export interface MomoNumberRow {
  id: Int8;
  user_id: Int8;
  phone: string;
  code_hash: string | null;
  code_expires_at: Timestamp | null;
  code_attempts: number;
  proven_at: Timestamp | null;
  created_at: Timestamp;
}

/** A mobile-money number code sent: counted against the number's and the account's day (kept a day). */
export interface MomoCodeSendRow {
  id: Int8;
  phone: string;
  user_id: Int8 | null;
  /** Sent to an account that proved the number before: counted on that account's own allowance there. */
  own_allowance: boolean;
  sent_at: Timestamp;
}

/** A USSD gateway session (api/migrations/20261207100000_create_ussd_sessions.ts). */
export interface UssdSessionRow {
  session_key: string;
  phone: string;
  user_id: Int8 | null;
  state: Jsonb;
  seen_text: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A professional's USSD PIN and the code that sets it (api/migrations/20261207100100_create_ussd_pins.ts). */
export interface UssdPinRow {
  user_id: Int8;
  pin_hash: string | null;
  wrong_tries: number;
  locked_until: Timestamp | null;
  code_hash: string | null;
  code_expires_at: Timestamp | null;
  code_tries: number;
  codes_sent: number;
  codes_since: Timestamp | null;
  updated_at: Timestamp;
}

/** A professional an affiliate signs up: the code's text, then the account it made (docs/PRODUCT.md "Signed up by an affiliate"). */
export interface AffiliateSignupRow {
  id: Int8;
  affiliate_id: Int8;
  phone: string;
  /** What the affiliate typed (AffiliateSignupDetails), until the code is proved; then null. */
  details: Jsonb;
  momo_network: MomoNetworkCode;
  /** What the first payment buys (docs/PRODUCT.md "Paying months ahead"). */
  months: PlanLength;
  code_hash: string | null;
  tries: number;
  expires_at: Timestamp;
  created_at: Timestamp;
  proved_at: Timestamp | null;
  user_id: Int8 | null;
  payment_reference: string | null;
}

export interface RenewLinkRow {
  token_hash: string;
  user_id: Int8;
  period_end: Timestamp;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/**
 * Each table: its row, then the columns the database fills when an insert leaves them out
 * (defaults, serial ids), then any generated columns.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    users: Table<
      UserRow,
      'id' | 'status' | 'created_at' | 'updated_at' | 'terms_version' | 'terms_agreed_at' | 'also_text'
    >;
    professional_profiles: Table<
      ProfessionalProfileRow,
      | 'experience'
      | 'skills'
      | 'base_rate_pesewas'
      | 'max_rate_pesewas'
      | 'rate_negotiable'
      | 'verified'
      | 'availability'
      | 'location_source'
      | 'review_count'
      | 'rating_total'
      | 'completed_jobs'
      | 'answered_requests'
      | 'response_seconds_total'
      | 'verification_status'
      | 'account_active',
      'category' | 'rating_key' | 'price_high_key' | 'reviews_key'
    >;
    contact_messages: Table<ContactMessageRow, 'id' | 'phone' | 'subject' | 'status'>;
    sessions: Table<SessionRow, 'id'>;
    payments: Table<PaymentRow, 'id' | 'currency' | 'status' | 'months' | 'initiated_via'>;
    subscriptions: Table<SubscriptionRow, 'id'>;
    affiliate_profiles: Table<AffiliateProfileRow, 'momo_number' | 'bank_account'>;
    referrals: Table<ReferralRow, 'id'>;
    login_attempts: Table<LoginAttemptRow, 'id'>;
    password_resets: Table<PasswordResetRow, 'id'>;
    signin_codes: Table<SigninCodeRow, 'id' | 'tries'>;
    sandbox_transactions: Table<SandboxTransactionRow, 'metadata' | 'channel'>;
    notifications: Table<
      NotificationRow,
      | 'id'
      | 'status'
      | 'attempts'
      | 'subscription_id'
      | 'receipt'
      | 'shown_at'
      | 'step'
      | 'unless_read_booking_id'
      | 'claimed_until'
      | 'lease_token'
      | 'fallback_of'
    >;
    push_subscriptions: Table<PushSubscriptionRow, 'id'>;
    push_vapid_keys: Table<PushVapidKeysRow>;
    bookings: Table<
      BookingRow,
      | 'id'
      | 'duration_hours'
      | 'description'
      | 'status'
      | 'answer_by'
      | 'cancellation_kind'
      | 'cancelled_at'
      | 'done_answer'
      | 'done_answered_at'
    >;
    booking_messages: Table<BookingMessageRow, 'id' | 'client_key' | 'system_event'>;
    booking_proposals: Table<BookingProposalRow, 'id' | 'status' | 'answered_at'>;
    reviews: Table<ReviewRow, 'id' | 'comment'>;
    favourites: Table<FavouriteRow>;
    affiliate_commissions: Table<AffiliateCommissionRow, 'id'>;
    affiliate_payouts: Table<AffiliatePayoutRow, 'id' | 'status'>;
    subscription_reminders: Table<SubscriptionReminderRow, 'id'>;
    chat_reads: Table<ChatReadRow>;
    admins: Table<AdminRow, 'id'>;
    admin_sessions: Table<AdminSessionRow, 'id'>;
    admin_audit_log: Table<AdminAuditLogRow, 'id'>;
    platform_settings: Table<
      PlatformSettingsRow,
      'discount_3_months_percent' | 'discount_6_months_percent' | 'discount_12_months_percent'
    >;
    professional_documents: Table<ProfessionalDocumentRow, 'id'>;
    professional_document_files: Table<ProfessionalDocumentFileRow>;
    document_access_log: Table<DocumentAccessLogRow, 'id'>;
    card_authorizations: Table<CardAuthorizationRow, 'auto_renew'>;
    renewal_charges: Table<RenewalChargeRow, 'id'>;
    rate_limits: Table<RateLimitRow>;
    photos: Table<PhotoRow, 'id' | 'position' | 'report_id'>;
    problem_reports: Table<
      ProblemReportRow,
      'id' | 'status' | 'outcome' | 'outcome_party' | 'closing_note' | 'closed_by_admin_id' | 'closed_at'
    >;
    report_messages: Table<ReportMessageRow, 'id' | 'author_user_id' | 'author_admin_id'>;
    user_events: Table<UserEventRow, 'id' | 'txid' | 'data' | 'created_at'>;
    event_tickets: Table<EventTicketRow>;
    renew_links: Table<RenewLinkRow>;
    momo_numbers: Table<MomoNumberRow, 'id' | 'code_attempts'>;
    momo_code_sends: Table<MomoCodeSendRow, 'id'>;
    ussd_sessions: Table<UssdSessionRow, 'seen_text'>;
    ussd_pins: Table<UssdPinRow, 'wrong_tries' | 'code_tries' | 'codes_sent'>;
    affiliate_signups: Table<AffiliateSignupRow, 'id' | 'tries'>;
  }
}
