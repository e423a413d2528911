import type { Knex } from 'knex';

/**
 * docs/PRODUCT.md "Bookings": either party proposes another time; the other
 * accepts (the booking moves) or declines. The partial unique index makes "one open proposal per
 * booking" true when two are made at the same moment: one wins, the other is a 409. Both parties
 * hear `booking.proposal` when one is made or closed (the live-update trigger, as bookings have).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('booking_proposals', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('booking_id').notNullable().references('bookings.id').onDelete('CASCADE');
    t.bigInteger('proposed_by').notNullable().references('users.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.text('time').notNullable();
    t.text('status').notNullable().defaultTo('open');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('answered_at', { useTz: true });
    t.check("status in ('open', 'accepted', 'declined', 'expired')", [], 'booking_proposals_status_check');
    t.check("time ~ '^(0[89]|1[0-7]):00$'", [], 'booking_proposals_time_slot_check');
    t.index(['booking_id', 'id']);
  });
  await knex.raw(
    "create unique index booking_proposals_one_open on booking_proposals (booking_id) where status = 'open'",
  );
  await knex.raw(
    "create index booking_proposals_open_expires_at on booking_proposals (expires_at) where status = 'open'",
  );
  await knex.raw(`
    create function booking_proposals_user_event() returns trigger language plpgsql as $$
    declare
      b record;
      payload jsonb;
    begin
      if TG_OP = 'UPDATE' and NEW.status is not distinct from OLD.status then return null; end if;
      select customer_id, professional_id into b from bookings where id = NEW.booking_id;
      payload := jsonb_build_object('bookingId', NEW.booking_id, 'status', NEW.status);
      perform emit_user_event(b.customer_id, 'booking.proposal', payload);
      perform emit_user_event(b.professional_id, 'booking.proposal', payload);
      return null;
    end $$`);
  await knex.raw(
    'create trigger booking_proposals_user_event after insert or update on booking_proposals for each row execute function booking_proposals_user_event()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists booking_proposals_user_event on booking_proposals');
  await knex.raw('drop function if exists booking_proposals_user_event()');
  await knex.schema.dropTable('booking_proposals');
}
