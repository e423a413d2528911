import type { Knex } from 'knex';

/**
 * Every committed change to what a session or a dashboard record is built from announces the
 * users it concerns on the channel `user_changes` (payload: a user id, or `*` for the platform
 * settings, which every record reads). Each server process listens and drops what it had cached
 * for them (api/src/cache/read-cache.ts). Triggers, not application code, so that no write path —
 * a handler, a job, an administrator's SQL — can change a row without saying so. NOTIFY is
 * transactional: a rolled-back change announces nothing, and a committed one is announced once.
 */
const CHANNEL = 'user_changes';

/** Table → the columns holding the users a row concerns. */
const WATCHED: Record<string, string[]> = {
  users: ['id'],
  sessions: ['user_id'],
  subscriptions: ['user_id'],
  card_authorizations: ['user_id'],
  professional_profiles: ['user_id'],
  bookings: ['customer_id', 'professional_id'],
  favourites: ['customer_id', 'professional_id'],
  reviews: ['customer_id', 'professional_id'],
};

const triggerName = (table: string) => `${table}_announce_user_change`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function announce_user_change() returns trigger language plpgsql as $$
    declare
      col text;
      id text;
    begin
      foreach col in array TG_ARGV loop
        if TG_OP <> 'DELETE' then
          id := to_jsonb(NEW) ->> col;
          if id is not null then perform pg_notify('${CHANNEL}', id); end if;
        end if;
        if TG_OP <> 'INSERT' then
          id := to_jsonb(OLD) ->> col;
          if id is not null then perform pg_notify('${CHANNEL}', id); end if;
        end if;
      end loop;
      return null;
    end $$;
  `);
  await knex.raw(`
    create function announce_settings_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${CHANNEL}', '*');
      return null;
    end $$;
  `);
  for (const [table, columns] of Object.entries(WATCHED)) {
    const args = columns.map((c) => `'${c}'`).join(', ');
    await knex.raw(
      `create trigger ${triggerName(table)} after insert or update or delete on ${table} for each row execute function announce_user_change(${args})`,
    );
  }
  await knex.raw(
    `create trigger ${triggerName('platform_settings')} after insert or update or delete on platform_settings for each statement execute function announce_settings_change()`,
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [...Object.keys(WATCHED), 'platform_settings'])
    await knex.raw(`drop trigger if exists ${triggerName(table)} on ${table}`);
  await knex.raw('drop function if exists announce_settings_change()');
  await knex.raw('drop function if exists announce_user_change()');
}
