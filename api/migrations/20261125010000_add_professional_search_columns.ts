import type { Knex } from 'knex';

/**
 * Everything nearby search filters and sorts by, on the row its indexes cover, so the
 * index walk decides who is listed without visiting `users` row by row.
 * - `account_active`: the account is an active professional (users.status and user_type), kept by
 *   triggers so no write path (a suspension, an admin's change of type) can leave it stale.
 * - `category`: the profession as a category value is compared (no spaces or slashes, lower case).
 * - one ascending key per sort, so every sort is an index walk in one direction with the user id
 *   breaking ties: rating (highest first, unrated last), highest price, most reviews.
 */
const SORT_KEYS = {
  rating_key: 'case when review_count > 0 then -(rating_total::float8 / review_count) else 0 end',
  price_high_key: '-max_rate_pesewas',
  reviews_key: '-review_count',
};

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table professional_profiles add column account_active boolean not null default false');
  await knex.raw(`
    update professional_profiles p set account_active = (u.status = 'active' and u.user_type = 'professional')
    from users u where u.id = p.user_id`);
  await knex.raw(`
    create function professional_profile_account_active() returns trigger language plpgsql as $$
    begin
      select u.status = 'active' and u.user_type = 'professional' into NEW.account_active from users u where u.id = NEW.user_id;
      return NEW;
    end $$`);
  await knex.raw(`
    create trigger professional_profiles_account_active before insert on professional_profiles
    for each row execute function professional_profile_account_active()`);
  await knex.raw(`
    create function users_professional_account_active() returns trigger language plpgsql as $$
    begin
      update professional_profiles set account_active = (NEW.status = 'active' and NEW.user_type = 'professional')
      where user_id = NEW.id and account_active is distinct from (NEW.status = 'active' and NEW.user_type = 'professional');
      return null;
    end $$`);
  await knex.raw(`
    create trigger users_professional_account_active after update of status, user_type on users
    for each row execute function users_professional_account_active()`);
  await knex.raw(`
    alter table professional_profiles
      add column category text generated always as (lower(replace(replace(profession, ' ', ''), '/', ''))) stored,
      ${Object.entries(SORT_KEYS)
        .map(([column, sql]) => `add column ${column} double precision generated always as (${sql}) stored`)
        .join(',\n      ')}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger users_professional_account_active on users');
  await knex.raw('drop function users_professional_account_active()');
  await knex.raw('drop trigger professional_profiles_account_active on professional_profiles');
  await knex.raw('drop function professional_profile_account_active()');
  await knex.schema.alterTable('professional_profiles', (t) => {
    t.dropColumns('account_active', 'category', ...Object.keys(SORT_KEYS));
  });
}
