import type { Knex } from 'knex';

// A chat message typed offline is sent again when the connection returns, and a
// send whose answer was lost is sent again too. The phone names each message with a key of its
// own; the server keeps it, so the same message sent twice is stored once (docs/PRODUCT.md "Chat").
// Earlier rows have no key (NULLs never collide in a unique index).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('booking_messages', (t) => {
    t.string('client_key', 64);
    t.unique(['booking_id', 'sender_id', 'client_key'], { indexName: 'booking_messages_client_key_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('booking_messages', (t) => {
    t.dropUnique(['booking_id', 'sender_id', 'client_key'], 'booking_messages_client_key_unique');
    t.dropColumn('client_key');
  });
}
