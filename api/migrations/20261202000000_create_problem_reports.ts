import type { Knex } from 'knex';

/**
 * Trust around the job (docs/PRODUCT.md "Cancellations that count", "Was the job done?",
 * "Problem reports"):
 * - bookings remember how a confirmed booking was cancelled (`cancellation_kind`: early, late or
 *   no-show, decided when it happened) and the customer's answer to "Was the job done?"
 *   (`done_answer`: yes or problem; no answer for 72 hours counts as done, decided at read time).
 * - problem_reports (one open per party per booking), report_messages (the report's thread between
 *   an administrator and both parties), and report photos kept in `photos` (kind 'report').
 * Live updates: a report, its thread and the customer's answer reach both parties as
 * `booking.updated` (the page reads the booking again); the professional's public figures follow
 * reports through the read cache's `user_changes`.
 */
const REPORT_EVENT = `
  perform emit_user_event(r.customer_id, 'booking.updated', jsonb_build_object('bookingId', r.booking_id, 'status', b.status));
  perform emit_user_event(r.professional_id, 'booking.updated', jsonb_build_object('bookingId', r.booking_id, 'status', b.status));`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.text('cancellation_kind');
    t.timestamp('cancelled_at', { useTz: true });
    t.text('done_answer');
    t.timestamp('done_answered_at', { useTz: true });
    t.check("cancellation_kind in ('early', 'late', 'no_show')", [], 'bookings_cancellation_kind_check');
    t.check("done_answer in ('yes', 'problem')", [], 'bookings_done_answer_check');
  });
  // The professional's figures read their cancellations by time.
  await knex.raw(
    'create index bookings_professional_cancellations on bookings (professional_id, cancelled_at) where cancellation_kind is not null',
  );
  await knex.raw(
    'create index bookings_customer_cancellations on bookings (customer_id, cancelled_at) where cancellation_kind is not null',
  );

  await knex.schema.createTable('problem_reports', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('booking_id').notNullable().references('bookings.id').onDelete('CASCADE');
    t.bigInteger('customer_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('professional_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('reporter_role').notNullable();
    t.text('reason').notNullable();
    t.text('description').notNullable();
    t.text('status').notNullable().defaultTo('open');
    t.text('outcome');
    t.text('outcome_party');
    t.text('closing_note');
    t.bigInteger('closed_by_admin_id').references('admins.id').onDelete('SET NULL');
    t.timestamp('closed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.check("reporter_role in ('customer', 'professional')", [], 'problem_reports_role_check');
    t.check(
      "reason in ('not_attended', 'late', 'poor_work', 'damage', 'overcharging', 'unsafe', 'other')",
      [],
      'problem_reports_reason_check',
    );
    t.check('char_length(description) <= 2000', [], 'problem_reports_description_length');
    t.check("status in ('open', 'closed')", [], 'problem_reports_status_check');
    t.check("outcome in ('resolved', 'warning', 'suspension')", [], 'problem_reports_outcome_check');
    t.check("outcome_party in ('customer', 'professional')", [], 'problem_reports_party_check');
    t.check(
      "(status = 'closed') = (outcome is not null and closed_at is not null and closing_note is not null)",
      [],
      'problem_reports_closed_has_outcome',
    );
    t.index(['customer_id', 'created_at'], 'problem_reports_customer');
    t.index(['professional_id', 'created_at'], 'problem_reports_professional');
    t.index(['booking_id'], 'problem_reports_booking');
  });
  // One open report per party per booking (docs/PRODUCT.md "Problem reports"); the queue reads the open ones.
  await knex.raw(
    "create unique index problem_reports_one_open on problem_reports (booking_id, reporter_role) where status = 'open'",
  );
  await knex.raw("create index problem_reports_open on problem_reports (created_at, id) where status = 'open'");

  await knex.schema.createTable('report_messages', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('report_id').notNullable().references('problem_reports.id').onDelete('CASCADE');
    t.bigInteger('author_user_id').references('users.id').onDelete('CASCADE');
    t.bigInteger('author_admin_id').references('admins.id').onDelete('SET NULL');
    t.text('author_role').notNullable();
    t.text('body').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.check("author_role in ('customer', 'professional', 'admin')", [], 'report_messages_role_check');
    t.check("(author_role = 'admin') = (author_user_id is null)", [], 'report_messages_author_check');
    t.check('char_length(body) between 1 and 2000', [], 'report_messages_body_length');
    t.index(['report_id', 'id'], 'report_messages_report');
    t.index(['author_user_id', 'created_at'], 'report_messages_author');
  });

  await knex.raw('alter table photos drop constraint photos_kind_check');
  await knex.raw("alter table photos add constraint photos_kind_check check (kind in ('profile', 'work', 'report'))");
  await knex.schema.alterTable('photos', (t) => {
    t.bigInteger('report_id').references('problem_reports.id').onDelete('CASCADE');
    t.check("(kind = 'report') = (report_id is not null)", [], 'photos_report_check');
    t.index(['report_id'], 'photos_report');
  });

  // Live updates for both parties (emit_user_event: migration 20261127000000).
  await knex.raw(`
    create function problem_reports_user_event() returns trigger language plpgsql as $$
    declare
      r record;
      b record;
    begin
      r := NEW;
      select status into b from bookings where id = r.booking_id;
      ${REPORT_EVENT}
      return null;
    end $$`);
  await knex.raw(
    'create trigger problem_reports_user_event after insert or update on problem_reports for each row execute function problem_reports_user_event()',
  );
  await knex.raw(`
    create function report_messages_user_event() returns trigger language plpgsql as $$
    declare
      r record;
      b record;
    begin
      select booking_id, customer_id, professional_id into r from problem_reports where id = NEW.report_id;
      select status into b from bookings where id = r.booking_id;
      ${REPORT_EVENT}
      return null;
    end $$`);
  await knex.raw(
    'create trigger report_messages_user_event after insert on report_messages for each row execute function report_messages_user_event()',
  );
  // The existing bookings trigger speaks of status and details; the answer to "Was the job done?" is news too.
  await knex.raw(`
    create function bookings_done_answer_user_event() returns trigger language plpgsql as $$
    begin
      if NEW.done_answer is distinct from OLD.done_answer then
        perform emit_user_event(NEW.customer_id, 'booking.updated', jsonb_build_object('bookingId', NEW.id, 'status', NEW.status));
        perform emit_user_event(NEW.professional_id, 'booking.updated', jsonb_build_object('bookingId', NEW.id, 'status', NEW.status));
      end if;
      return null;
    end $$`);
  await knex.raw(
    'create trigger bookings_done_answer_user_event after update on bookings for each row execute function bookings_done_answer_user_event()',
  );
  // Reports change the professional's public figures: cached records and pages are dropped (migration 20261123000000).
  await knex.raw(
    "create trigger problem_reports_announce_user_change after insert or update or delete on problem_reports for each row execute function announce_user_change('customer_id', 'professional_id')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists problem_reports_announce_user_change on problem_reports');
  await knex.raw('drop trigger if exists bookings_done_answer_user_event on bookings');
  await knex.raw('drop function if exists bookings_done_answer_user_event()');
  await knex.raw('drop trigger if exists report_messages_user_event on report_messages');
  await knex.raw('drop function if exists report_messages_user_event()');
  await knex.raw('drop trigger if exists problem_reports_user_event on problem_reports');
  await knex.raw('drop function if exists problem_reports_user_event()');
  await knex('photos').where({ kind: 'report' }).delete();
  await knex.schema.alterTable('photos', (t) => {
    t.dropIndex(['report_id'], 'photos_report');
    t.dropChecks(['photos_report_check']);
    t.dropColumn('report_id');
  });
  await knex.raw('alter table photos drop constraint photos_kind_check');
  await knex.raw("alter table photos add constraint photos_kind_check check (kind in ('profile', 'work'))");
  await knex.schema.dropTable('report_messages');
  await knex.schema.dropTable('problem_reports');
  await knex.raw('drop index if exists bookings_customer_cancellations');
  await knex.raw('drop index if exists bookings_professional_cancellations');
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_cancellation_kind_check', 'bookings_done_answer_check']);
    t.dropColumn('cancellation_kind');
    t.dropColumn('cancelled_at');
    t.dropColumn('done_answer');
    t.dropColumn('done_answered_at');
  });
}
