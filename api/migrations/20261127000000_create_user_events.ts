import type { Knex } from 'knex';

/**
 * Live updates (docs/PRODUCT.md "Live updates"): what happened to a user, kept in
 * `user_events` and announced on the channel `user_events` (payload "<user id> <cursor>") so the
 * process holding that user's stream sends it (api/src/features/events/). Written by triggers in
 * the transaction that made the change, as the read cache's announcements are: no write path can
 * change a booking, a payment or a subscription without its people hearing of it, and a
 * rolled-back change tells no one.
 *
 * `txid` is the writing transaction's id. A reader delivers only events of transactions older than
 * every transaction still running (pg_snapshot_xmin), in (txid, id) order: an event committed late
 * with a smaller id can then never fall behind a cursor already sent (ids are taken at insert,
 * not at commit).
 */
const CHANNEL = 'user_events';

/** Table → its trigger function's body (after the row change; NEW/OLD as PostgreSQL gives them). */
export const TRIGGERS: Record<string, { on: string; body: string }> = {
  booking_messages: {
    on: 'insert',
    body: `
      select customer_id, professional_id into b from bookings where id = NEW.booking_id;
      payload := jsonb_build_object('bookingId', NEW.booking_id, 'messageId', NEW.id, 'senderId', NEW.sender_id);
      perform emit_user_event(b.customer_id, 'chat.message', payload);
      perform emit_user_event(b.professional_id, 'chat.message', payload);`,
  },
  bookings: {
    on: 'insert or update',
    body: `
      if TG_OP = 'INSERT' then kind := 'booking.created';
      elsif NEW.status is distinct from OLD.status then
        kind := case
          when NEW.status = 'confirmed' then 'booking.accepted'
          when NEW.status = 'completed' then 'booking.completed'
          when NEW.status = 'cancelled' and OLD.status = 'pending' and NEW.cancelled_by = 'professional' then 'booking.declined'
          when NEW.status = 'cancelled' then 'booking.cancelled'
          else 'booking.updated' end;
      elsif (NEW.date, NEW.time, NEW.agreed_rate_pesewas, NEW.proposed_rate_pesewas, NEW.total_pesewas, NEW.description, NEW.notes, NEW.location)
        is distinct from (OLD.date, OLD.time, OLD.agreed_rate_pesewas, OLD.proposed_rate_pesewas, OLD.total_pesewas, OLD.description, OLD.notes, OLD.location)
        then kind := 'booking.updated';
      else return null; -- a timestamp only
      end if;
      payload := jsonb_build_object('bookingId', NEW.id, 'status', NEW.status);
      perform emit_user_event(NEW.customer_id, kind, payload);
      perform emit_user_event(NEW.professional_id, kind, payload);`,
  },
  payments: {
    on: 'update',
    body: `
      if NEW.status = 'success' and OLD.status is distinct from 'success' then
        perform emit_user_event(NEW.user_id, 'payment.settled', jsonb_build_object('reference', NEW.reference, 'purpose', NEW.purpose));
      end if;`,
  },
  subscriptions: {
    on: 'insert',
    body: `perform emit_user_event(NEW.user_id, 'subscription.changed', '{}');`,
  },
  card_authorizations: {
    on: 'insert or update or delete',
    body: `
      if TG_OP = 'DELETE' then perform emit_user_event(OLD.user_id, 'subscription.changed', '{}');
      else perform emit_user_event(NEW.user_id, 'subscription.changed', '{}');
      end if;`,
  },
  users: {
    on: 'update',
    body: `
      if NEW.renewal_cancelled_at is distinct from OLD.renewal_cancelled_at then
        perform emit_user_event(NEW.id, 'subscription.changed', '{}');
      end if;`,
  },
  affiliate_payouts: {
    on: 'insert or update',
    body: `
      if TG_OP = 'INSERT' or NEW.status is distinct from OLD.status then
        perform emit_user_event(NEW.affiliate_user_id, 'payout.moved', jsonb_build_object('payoutId', NEW.id, 'status', NEW.status));
      end if;`,
  },
  affiliate_commissions: {
    on: 'insert',
    body: `perform emit_user_event(NEW.affiliate_user_id, 'commission.earned', jsonb_build_object('commissionId', NEW.id));`,
  },
  professional_profiles: {
    on: 'update',
    body: `
      if NEW.verification_status is distinct from OLD.verification_status then
        perform emit_user_event(NEW.user_id, 'verification.decided', jsonb_build_object('status', NEW.verification_status));
      end if;`,
  },
};

const fn = (table: string) => `${table}_user_event`;

/** The trigger function of `table` with `body` (later migrations replace a body with this too). */
export const triggerFunctionSql = (table: string, body: string) => `
      create or replace function ${fn(table)}() returns trigger language plpgsql as $$
      declare
        b record;
        kind text;
        payload jsonb;
      begin
        ${body}
        return null;
      end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table user_events (
      id bigserial primary key,
      -- No foreign key: its check would lock the user's row (KEY SHARE) in every transaction that
      -- emits an event, and make it wait on, or deadlock with, one locking that row for update.
      -- Events are deleted after their week (retention job), a deleted user's with them.
      user_id bigint not null,
      txid xid8 not null default pg_current_xact_id(),
      type text not null,
      data jsonb not null default '{}',
      created_at timestamptz not null default now()
    )`);
  await knex.raw('create index user_events_user_cursor on user_events (user_id, txid, id)');
  await knex.raw('create index user_events_created_at on user_events (created_at)');
  await knex.raw('create index user_events_txid on user_events (txid)'); // the oldest kept, for a reconnect's question "did I miss any?"
  await knex.raw(`
    create function emit_user_event(target bigint, kind text, payload jsonb) returns void language plpgsql as $$
    declare
      event_txid xid8;
      event_id bigint;
    begin
      if target is null then return; end if;
      insert into user_events (user_id, type, data) values (target, kind, payload) returning txid, id into event_txid, event_id;
      perform pg_notify('${CHANNEL}', target || ' ' || event_txid || '.' || event_id);
    end $$`);
  for (const [table, { on, body }] of Object.entries(TRIGGERS)) {
    await knex.raw(triggerFunctionSql(table, body));
    await knex.raw(`create trigger ${fn(table)} after ${on} on ${table} for each row execute function ${fn(table)}()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of Object.keys(TRIGGERS)) {
    await knex.raw(`drop trigger if exists ${fn(table)} on ${table}`);
    await knex.raw(`drop function if exists ${fn(table)}()`);
  }
  await knex.raw('drop function if exists emit_user_event(bigint, text, jsonb)');
  await knex.raw('drop table if exists user_events');
}
