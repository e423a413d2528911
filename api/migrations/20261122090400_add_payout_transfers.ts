import type { Knex } from 'knex';

// Mobile-money payouts through Paystack transfers. The network is the affiliate's choice
// (numbers move between networks, reference/ghana.md); without it a payout is paid by hand. A
// payout keeps the transfer Paystack made for it, found again by the payout's own reference.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('affiliate_profiles', (t) => {
    t.text('momo_network');
    t.check("momo_network in ('MTN', 'VOD', 'ATL')", [], 'affiliate_momo_network_check');
  });
  await knex.schema.alterTable('affiliate_payouts', (t) => {
    t.text('transfer_code');
    t.text('transfer_status');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('affiliate_payouts', (t) => {
    t.dropColumns('transfer_code', 'transfer_status');
  });
  await knex.schema.alterTable('affiliate_profiles', (t) => {
    t.dropChecks(['affiliate_momo_network_check']);
    t.dropColumn('momo_network');
  });
}
