import type { Knex } from 'knex';
import { TRIGGERS, triggerFunctionSql } from './20261127000000_create_user_events.ts';

/**
 * docs/PRODUCT.md "Bookings": a request not answered by its deadline is declined
 * by the system. `answer_by` is the deadline, fixed when the request is made (features/bookings/
 * expiry.ts `answerBy`); an expired request is cancelled with `cancelled_by = 'system'`, and its
 * people hear `booking.expired` rather than `booking.cancelled`.
 * Requests already waiting get the same deadline from their creation and start: the earlier of 24
 * hours after the request and 2 hours before the start, or the start itself when that is already
 * past at the request.
 */
const EXPIRED_KIND = `
      if TG_OP = 'UPDATE' and NEW.status = 'cancelled' and OLD.status = 'pending' and NEW.cancelled_by = 'system' then
        payload := jsonb_build_object('bookingId', NEW.id, 'status', NEW.status);
        perform emit_user_event(NEW.customer_id, 'booking.expired', payload);
        perform emit_user_event(NEW.professional_id, 'booking.expired', payload);
        return null;
      end if;`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.timestamp('answer_by', { useTz: true });
  });
  await knex.raw(`
    update bookings set answer_by = case
      when least(created_at + interval '24 hours', (date + time::time) at time zone 'UTC' - interval '2 hours') > created_at
        then least(created_at + interval '24 hours', (date + time::time) at time zone 'UTC' - interval '2 hours')
      else (date + time::time) at time zone 'UTC' end`);
  // The sweep's walk: waiting requests by deadline.
  await knex.raw("create index bookings_pending_answer_by on bookings (answer_by) where status = 'pending'");
  await knex.raw(triggerFunctionSql('bookings', EXPIRED_KIND + TRIGGERS.bookings.body));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(triggerFunctionSql('bookings', TRIGGERS.bookings.body));
  await knex.raw('drop index if exists bookings_pending_answer_by');
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('answer_by');
  });
}
