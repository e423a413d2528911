import type { Knex } from 'knex';

// Bookings (docs/PRODUCT.md "Bookings"). The partial unique index is what makes "exactly one wins" true when
// two customers ask for the same slot at once: a professional has at most one open booking a slot.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bookings', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('customer_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('professional_id').notNullable().references('users.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.text('time').notNullable();
    t.integer('duration_hours').notNullable().defaultTo(2);
    t.integer('agreed_rate_pesewas').notNullable();
    t.integer('proposed_rate_pesewas');
    t.integer('total_pesewas').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('notes');
    t.text('location');
    t.text('status').notNullable().defaultTo('pending');
    t.text('cancelled_by');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('responded_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.check("status in ('pending', 'confirmed', 'completed', 'cancelled')", [], 'bookings_status_check');
    t.check("time ~ '^(0[89]|1[0-7]):00$'", [], 'bookings_time_slot_check');
    t.index(['customer_id', 'date']);
    t.index(['professional_id', 'date']);
  });
  await knex.raw(
    `CREATE UNIQUE INDEX bookings_open_slot_unique ON bookings (professional_id, date, time)
       WHERE status IN ('pending', 'confirmed')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('bookings');
}
