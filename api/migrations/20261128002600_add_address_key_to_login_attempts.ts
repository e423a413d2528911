import type { Knex } from 'knex';

// The per-address limit on failed sign-ins counts an IPv6 client's whole /64 (any of
// its addresses is the same subscriber's). `address_key` is what it counts under (addressKey in
// api/src/http/address-key.ts); `ip` keeps the address itself for the account's sign-in history.
// Rows from before keep their address as their key: IPv4 keys are the address, and the IPv6 rows
// age out of the 15-minute window.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('login_attempts', (t) => {
    t.text('address_key');
  });
  await knex('login_attempts').update({ address_key: knex.ref('ip') });
  await knex.schema.alterTable('login_attempts', (t) => {
    t.text('address_key').notNullable().alter();
  });
  await knex.raw(
    'create index login_attempts_address_failures on login_attempts (address_key, created_at) where succeeded = false',
  );
  await knex.raw('drop index login_attempts_ip_failures');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create index login_attempts_ip_failures on login_attempts (ip, created_at) where succeeded = false');
  await knex.raw('drop index login_attempts_address_failures');
  await knex.schema.alterTable('login_attempts', (t) => {
    t.dropColumn('address_key');
  });
}
