import type { Knex } from 'knex';

/**
 * A renewal paid by a prompt the server sends to the payer's phone. The payment keeps
 * the number and network it was sent to and where the prompt stands (what the payer must do
 * next, or why it failed), so a repeated tap answers with the same prompt instead of a second
 * one, and a page checking on it can say so. The account remembers the network last named, since
 * numbers move between networks and cannot be trusted to tell it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.text('prompt_phone');
    t.text('prompt_network');
    t.text('prompt_status');
    t.text('prompt_message');
    t.check("prompt_network is null or prompt_network in ('mtn', 'vod', 'atl')", [], 'payments_prompt_network_check');
  });
  await knex.schema.alterTable('users', (t) => {
    t.text('momo_network');
    t.check("momo_network is null or momo_network in ('mtn', 'vod', 'atl')", [], 'users_momo_network_check');
  });
  await knex.raw(
    `create index payments_open_prompts on payments (user_id, created_at) where initiated_via = 'momo_prompt' and status = 'initialized'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists payments_open_prompts');
  await knex.schema.alterTable('users', (t) => {
    t.dropChecks(['users_momo_network_check']);
    t.dropColumn('momo_network');
  });
  await knex.schema.alterTable('payments', (t) => {
    t.dropChecks(['payments_prompt_network_check']);
    for (const column of ['prompt_phone', 'prompt_network', 'prompt_status', 'prompt_message']) t.dropColumn(column);
  });
}
